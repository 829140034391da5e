import MarfaYAML

/// The parts of an OpenAPI document the generator turns into Swift, read and with refs followed.
struct APIDocument {
    var version: String
    var title: String
    var contractVersion: String
    var servers: [APIServer] = []
    var operations: [APIOperation] = []
    /// The top-level `webhooks` (3.1): requests the API's provider sends to the app.
    var webhooks: [APIReceivedOperation] = []
    /// `components/schemas`, by name, in document order, with the key `$ref`s use for each.
    var schemas: [(name: String, key: String)] = []
    var responses: [(name: String, response: APIResponse)] = []
    var parameters: [(name: String, parameter: APIParameter)] = []
    var headers: [(name: String, header: APIHeader)] = []
    var securitySchemes: [APISecurityScheme] = []
}

struct APIServer {
    var url: String
    var description: String?
    var variables: [(name: String, defaultValue: String, values: [String], description: String?)]
}

struct APISecurityScheme {
    var name: String
    var kind: String
    var scheme: String?
    var parameterName: String?
    var location: String?
    var description: String?
    var sourceLocation: SourceLocation
}

struct APIOperation {
    var id: String
    var method: String
    var path: String
    var summary: String?
    var description: String?
    var deprecated: Bool
    var tags: [String]
    var parameters: [APIParameter]
    var requestBody: APIRequestBody?
    var responses: [APIResponse]
    /// Alternatives, each a set of scheme names that together satisfy the operation.
    var security: [[String]]
    var location: SourceLocation
    /// The operation's `callbacks`: requests its server sends back to the URLs they name.
    var callbacks: [APIReceivedOperation] = []
    /// For a webhook or callback, how its doc comment names it instead of `METHOD /path`.
    var receivedAs: String?
    /// The servers of the operation, else of its path item: where the client sends it instead of
    /// its own server URL. Empty for most operations.
    var servers: [APIServer] = []
}

/// An operation the app receives rather than calls: a webhook, or a callback of an operation. Its
/// `operation.path` is where a handler registration serves it, below the registration's server URL.
struct APIReceivedOperation {
    /// The webhook's or callback's key, with the method (and the URL's place) added when the
    /// callback or path item holds several operations, so each has a name of its own.
    var name: String
    /// A callback's URL as written: a runtime expression such as `{$request.body#/callbackUrl}`.
    var expression: String?
    var operation: APIOperation
}

struct APIParameter {
    enum Location: String { case path, query, header, cookie }
    var name: String
    var location: Location
    var required: Bool
    var style: String
    var explode: Bool
    var allowReserved: Bool
    var schema: JSONSchema
    var description: String?
    var deprecated: Bool
    var sourceLocation: SourceLocation
    /// The `components/parameters` name when the operation refers to one.
    var componentName: String? = nil
}

struct APIContent {
    var mediaType: String
    var schema: JSONSchema?
    var location: SourceLocation
}

struct APIRequestBody {
    var required: Bool
    var description: String?
    var contents: [APIContent]
    var location: SourceLocation
}

struct APIHeader {
    var name: String
    var required: Bool
    var schema: JSONSchema
    var explode: Bool
    var description: String?
    var location: SourceLocation
    /// The `components/headers` name when the response refers to one.
    var componentName: String? = nil
}

struct APIResponse {
    /// `200`, `2XX` or `default`.
    var status: String
    var description: String?
    var headers: [APIHeader]
    var contents: [APIContent]
    /// The `components/responses` name when the operation refers to one.
    var componentName: String?
    var location: SourceLocation
    /// Where the response object itself is written, its `$ref`s followed: every place that reaches
    /// it shares one type.
    var definition: SourceLocation
}
