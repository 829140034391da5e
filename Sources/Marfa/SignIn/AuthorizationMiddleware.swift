import Foundation

/// Adds `Authorization` to the calls that need a credential, and sends a call once more after the
/// credential source renewed a refused token.
///
/// A refusal counts whether it is thrown (`unauthorized`) or answered as it came (a `401` the
/// contract check hands back to a drain): either way the source renews once, single-flight with
/// every other call of the process, and the call goes again; when it can't renew, the refusal is
/// left as it was. Operations the contract serves without a credential (`security: []`: the
/// instance description and the OAuth doors) never carry it.
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
        let resendable = body == nil || body?.iterationBehavior == .multiple
        do {
            let answer = try await next(request, body, baseURL)
            guard answer.0.status == 401, resendable, try await source.renew(refused: sent) else { return answer }
        } catch MarfaError.unauthorized(let code, let message) {
            let refusal = MarfaError.unauthorized(code: code, message: message)
            guard resendable else { throw refusal }
            guard try await source.renew(refused: sent) else { throw refusal }
        }
        request.headerFields["Authorization"] = try await source.authorization()
        return try await next(request, body, baseURL)
    }
}
