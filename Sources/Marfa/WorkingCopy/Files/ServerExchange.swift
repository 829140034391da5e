import Foundation
import MarfaOpenAPIRuntime

extension Server {
    /// Sends one request through this server's middleware (credential, contract check, time
    /// budget) and its transport, answering the head and the body unread, so a caller can stream
    /// it. Run it inside `run(timeout:idleTimeout:_:)`.
    func send(
        _ head: HTTPRequest, body: HTTPBody?, operation: String, returningRefusals: Bool
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let transport = self.transport
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
            request, body, url in
            try await transport.send(request, body: body, baseURL: url, operationID: operation)
        }
        for middleware in middlewares(returningRefusals: returningRefusals).reversed() {
            let inner = next
            next = { request, body, url in
                try await middleware.intercept(request, body: body, baseURL: url, operationID: operation, next: inner)
            }
        }
        return try await next(head, body, url)
    }
}
