/// An HTTP request head: method, target and header fields. The body travels beside it as an `HTTPBody`.
public struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    public var method: HTTPMethod
    /// The request target in origin form: the percent-encoded path, then `?` and the query when there is one.
    public var path: String
    /// The request's header fields.
    public var headerFields: HTTPFields

    /// A request head for `method` on `path`, with `headerFields`.
    public init(method: HTTPMethod, path: String, headerFields: HTTPFields = HTTPFields()) {
        self.method = method
        self.path = path
        self.headerFields = headerFields
    }

    /// The path without the query.
    public var pathOnly: Substring {
        path.firstIndex(of: "?").map { path[..<$0] } ?? Substring(path)
    }

    /// The query after `?`, without it, or nil when there is none.
    public var query: Substring? {
        path.firstIndex(of: "?").map { path[path.index(after: $0)...] }
    }
}
