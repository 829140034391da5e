import Foundation

/// The part of a generated `Client` that is the same for every operation: where requests go and
/// the middleware chain they pass through.
public struct UniversalClient: Sendable {
    /// The server's address; operation paths are added to its path.
    public let serverURL: URL
    /// The body limit, key order and error mapping of every call.
    public let configuration: Configuration
    /// What sends each request.
    public let transport: any ClientTransport
    /// What sees each request before the transport, first to last.
    public let middlewares: [any ClientMiddleware]

    /// A client for `serverURL` that sends through `transport` after `middlewares`, first to last.
    public init(
        serverURL: URL, configuration: Configuration = .init(), transport: any ClientTransport,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.serverURL = serverURL
        self.configuration = configuration
        self.transport = transport
        self.middlewares = middlewares
    }

    /// A helper for one call of `operationID`, sent to `serverURL` when given (an operation with
    /// servers of its own), else to the client's.
    public func call(_ operationID: String, serverURL: URL? = nil) -> ClientCall {
        ClientCall(operationID: operationID, client: self, serverURL: serverURL)
    }

    /// Sends through the middlewares, first to last, then the transport, to `serverURL` or else the client's.
    func send(
        _ request: HTTPRequest, body: HTTPBody?, operationID: String, serverURL: URL? = nil
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await send(request, body, serverURL ?? self.serverURL, operationID, middlewares[...])
    }

    private func send(
        _ request: HTTPRequest, _ body: HTTPBody?, _ baseURL: URL, _ operationID: String,
        _ rest: ArraySlice<any ClientMiddleware>
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let first = rest.first else {
            return try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
        let next = rest.dropFirst()
        return try await first.intercept(request, body: body, baseURL: baseURL, operationID: operationID) {
            try await self.send($0, $1, $2, operationID, next)
        }
    }
}
