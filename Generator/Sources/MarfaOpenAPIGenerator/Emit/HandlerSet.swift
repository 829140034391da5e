/// The operations one protocol serves: the document's operations (`APIProtocol`), its webhooks
/// (`WebhookHandler`) or its operations' callbacks (`CallbackHandler`). Each set has its own
/// registration function and register helpers, so one type may conform to several without a clash.
struct HandlerSet {
    var protocolName: String
    var protocolDoc: [String]
    /// The public function that serves every operation of the set on a transport.
    var registerFunction: String
    var registrationDoc: [String]
    /// The prefix of the per-operation register helpers.
    var helperPrefix: String

    static let operations = HandlerSet(
        protocolName: "APIProtocol",
        protocolDoc: [
            "The document's operations, one method per operation ID. The generated `Client` makes them over HTTP;",
            "a server implements them and serves them with `registerHandlers(on:)`.",
        ],
        registerFunction: "registerHandlers",
        registrationDoc: [
            "Serves every operation on `transport`: each request is read into the operation's `Input`,",
            "passed to this API, and its `Output` written back, behind `middlewares`, first to last.",
        ],
        helperPrefix: "_register_")

    static let webhooks = HandlerSet(
        protocolName: "WebhookHandler",
        protocolDoc: [
            "The document's webhooks, one method per webhook: requests the API's provider sends to the app.",
            "An app implements them and serves them with `registerWebhookHandlers(on:serverURL:)`.",
        ],
        registerFunction: "registerWebhookHandlers",
        registrationDoc: [
            "Serves every webhook on `transport`, each at `/<webhook name>` below `serverURL`'s path (the URL to give",
            "the sender): each request is read into the webhook's `Input`, passed to this handler, and its `Output`",
            "written back, behind `middlewares`, first to last.",
        ],
        helperPrefix: "_registerWebhook_")

    static let callbacks = HandlerSet(
        protocolName: "CallbackHandler",
        protocolDoc: [
            "The callbacks of the document's operations, one method per callback: requests an operation's server",
            "sends back to a URL the app gave it. An app implements them and serves them with `registerCallbackHandlers(on:serverURL:)`.",
        ],
        registerFunction: "registerCallbackHandlers",
        registrationDoc: [
            "Serves every callback on `transport`, each at `/<operation ID>/<callback name>` below `serverURL`'s path",
            "(the URL to send in the operation): each request is read into the callback's `Input`, passed to this",
            "handler, and its `Output` written back, behind `middlewares`, first to last.",
        ],
        helperPrefix: "_registerCallback_")
}
