/// A response whose status the document does not describe: its headers and body as received.
public struct UndocumentedPayload: Sendable, Hashable {
    /// The response's header fields.
    public var headerFields: HTTPFields
    /// The response's body, unread, when it had one.
    public var body: HTTPBody?
    /// A payload of `headerFields` and `body`.
    public init(headerFields: HTTPFields = HTTPFields(), body: HTTPBody? = nil) {
        self.headerFields = headerFields
        self.body = body
    }
}

extension HTTPBody: Hashable {
    /// Bodies compare by identity: two bodies are equal when they are the same object.
    public static func == (a: HTTPBody, b: HTTPBody) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
