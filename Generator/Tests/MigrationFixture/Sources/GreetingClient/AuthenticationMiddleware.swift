import Foundation
import MarfaOpenAPIRuntime  // was: import HTTPTypes, import OpenAPIRuntime

/// Adds an `Authorization` header to every request of the client.
struct AuthenticationMiddleware {
    /// The value sent, such as `Bearer <token>`.
    private let value: String

    /// A middleware that sends `value` as `Authorization`.
    init(authorizationHeaderFieldValue value: String) { self.value = value }
}

extension AuthenticationMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = value
        let (response, responseBody) = try await next(request, body, baseURL)
        if response.status == .tooManyRequests || response.status.kind == .serverError {
            print("\(operationID): \(response.status.code) \(response.status.reasonPhrase)")
        }
        return (response, responseBody)
    }
}
