import Foundation

/// Sends one HTTP request and answers the response. Generated clients call it for every operation.
///
/// A transport throws its own errors (unreachable server, time-out, cancellation); the generated
/// client passes them on unchanged.
public protocol ClientTransport: Sendable {
    /// Sends `request` with `body` to the server at `baseURL`, for the operation `operationID`.
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws
        -> (HTTPResponse, HTTPBody?)
}

/// Code that sees every request of a client before the transport, and every response after it.
public protocol ClientMiddleware: Sendable {
    /// Passes `request` on through `next`, changing it or the response as it needs, or answers it without calling `next`.
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?)
}
