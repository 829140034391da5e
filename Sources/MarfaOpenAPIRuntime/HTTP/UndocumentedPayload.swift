/// A response whose status the document does not describe: its headers and body as received.
public struct UndocumentedPayload: Sendable, Hashable {
    public var headerFields: HTTPFields
    public var body: HTTPBody?
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
