import Foundation
import MarfaHTTP

/// Gives each request of a call what is left of the call's time budget (`CallLimits.current`),
/// through `TransportLimits.current`, which every transport reads; a request starting after the
/// deadline is not sent.
struct TimeLimitMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let limits = CallLimits.current else { return try await next(request, body, baseURL) }
        guard let transportLimits = limits.transportLimits() else {
            throw MarfaError.network(message: "The call ran out of time before its request could be sent.")
        }
        return try await TransportLimits.$current.withValue(transportLimits) {
            try await next(request, body, baseURL)
        }
    }
}
