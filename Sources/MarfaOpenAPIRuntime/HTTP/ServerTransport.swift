/// What a server knows about a request beyond its head and body.
public struct ServerRequestMetadata: Sendable, Hashable {
    /// Path parameters by name, still percent-encoded, as matched against the route's template.
    public var pathParameters: [String: Substring]
    /// Metadata with the path parameters given.
    public init(pathParameters: [String: Substring] = [:]) { self.pathParameters = pathParameters }
}

/// A handler for one route: reads the request and answers a response.
public typealias ServerHandler =
    @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws
    -> (HTTPResponse, HTTPBody?)

/// Accepts requests and routes them to registered handlers.
///
/// `path` is a template such as `/items/{id}/edges`: a `{name}` segment matches one path segment and
/// reaches the handler in `ServerRequestMetadata.pathParameters`.
public protocol ServerTransport {
    /// Routes requests with `method` on the `path` template to `handler`; throws when the route is already taken.
    func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws
}

/// Code that sees every request of a server before its handler, and every response after it.
public protocol ServerMiddleware: Sendable {
    /// Passes `request` on to the handler through `next`, changing it or the response as it needs, or answers it itself.
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?)
}
