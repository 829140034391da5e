import Foundation

/// Adds `Authorization` to the calls that need a credential, and sends a call once more after the
/// credential source renewed a refused token.
///
/// Operations the contract serves without a credential (`security: []`: the instance description
/// and the OAuth doors) never carry it.
struct AuthorizationMiddleware: ClientMiddleware {
    /// Whether the contract serves `operationID` without a credential (`security: []`).
    static func isOpen(_ operationID: String) -> Bool {
        Operations.securityRequirements[operationID]?.isEmpty == true
    }

    let source: (any CredentialSource)?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields.remove("Authorization")
        guard let source, !Self.isOpen(operationID) else {
            return try await next(request, body, baseURL)
        }
        let sent = try await source.authorization()
        request.headerFields["Authorization"] = sent
        do {
            return try await next(request, body, baseURL)
        } catch MarfaError.unauthorized(let code, let message) {
            let refusal = MarfaError.unauthorized(code: code, message: message)
            guard body == nil || body?.iterationBehavior == .multiple else { throw refusal }
            guard try await source.renew(refused: sent) else { throw refusal }
            request.headerFields["Authorization"] = try await source.authorization()
            return try await next(request, body, baseURL)
        }
    }
}
