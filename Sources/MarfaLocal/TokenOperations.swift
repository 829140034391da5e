import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The token endpoint (authorization code with PKCE, refresh with rotation, device code) and
/// revocation (RFC 7009).
extension LocalAPI {
    /// What a token request comes to.
    enum TokenAnswer {
        case tokens(OAuthGrants.Issued)
        case refused(status: Int, OAuthRefusal)

        static func invalidRequest(_ description: String) -> TokenAnswer {
            .refused(status: 400, OAuthRefusal(error: "invalid_request", description: description))
        }
        static func invalidGrant(_ description: String) -> TokenAnswer {
            .refused(status: 400, OAuthRefusal(error: "invalid_grant", description: description))
        }
    }

    func requestToken(_ input: Operations.RequestToken.Input) async throws -> Operations.RequestToken.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            return .badRequest(OAuthRefusal(error: "invalid_request", description: "A form body is required.").body)
        }
        let answer: TokenAnswer
        switch form.grantType {
        case .authorizationCode: answer = try await exchangeCode(form)
        case .refreshToken: answer = try await exchangeRefreshToken(form)
        case .urnIetfParamsOauthGrantTypeDeviceCode: answer = try await exchangeDeviceCode(form)
        case .unknown(let name):
            answer = .refused(
                status: 400,
                OAuthRefusal(error: "unsupported_grant_type", description: "The grant type \(name) is not supported."))
        }
        switch answer {
        case .tokens(let issued):
            return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(issued.response)))
        case .refused(let status, let refusal):
            return status == 401 ? .unauthorized(refusal.body) : .badRequest(refusal.body)
        }
    }

    /// `authorization_code`: single use, bound to the client, the redirect URI and the PKCE
    /// challenge. A code presented twice also ends the grant the first exchange made.
    private func exchangeCode(_ form: Components.Schemas.TokenRequest) async throws -> TokenAnswer {
        guard let code = form.code, let redirectURI = form.redirectUri, let clientID = form.clientId else {
            return .invalidRequest("code, redirect_uri and client_id are required.")
        }
        guard let verifier = form.codeVerifier else { return .invalidRequest("code_verifier is required (PKCE S256).") }
        let lifetime = signIn.accessTokenLifetime
        return try await write { db -> TokenAnswer in
            let now = clock.now
            let hash = SHA256.hex(code)
            guard let row = try db.first("SELECT * FROM oauth_codes WHERE hash = ?", hash) else {
                return .invalidGrant("The authorization code is unknown.")
            }
            if row.double("used_at") != nil {
                if let grantID = row.string("grant_id") {
                    try OAuthGrants.revoke(grantID: grantID, in: db, now: now, reason: "code_reuse")
                }
                return .invalidGrant("The authorization code was already used.")
            }
            try db.run("UPDATE oauth_codes SET used_at = ? WHERE hash = ?", now.stored, hash)
            guard (row.double("expires_at") ?? 0) > now.stored else {
                return .invalidGrant("The authorization code expired.")
            }
            guard row.string("client_id") == clientID else {
                return .invalidGrant("The authorization code was issued to another client.")
            }
            guard row.string("redirect_uri") == redirectURI else {
                return .invalidGrant("redirect_uri differs from the one the authorization request named.")
            }
            guard PKCE.isWellFormed(verifier), PKCE.challenge(of: verifier) == row.string("code_challenge") else {
                return .invalidGrant("code_verifier does not match the code_challenge.")
            }
            let scopes = OAuthScope.parse(row.string("scope"))
            let (grantID, issued) = try OAuthGrants.grant(
                clientID: clientID, scopes: scopes, accessLifetime: lifetime, in: db, now: now)
            try db.run("UPDATE oauth_codes SET grant_id = ? WHERE hash = ?", grantID, hash)
            return .tokens(issued)
        }
    }

    /// `refresh_token`: rotation, and reuse detection that ends the grant.
    private func exchangeRefreshToken(_ form: Components.Schemas.TokenRequest) async throws -> TokenAnswer {
        guard let token = form.refreshToken, let clientID = form.clientId else {
            return .invalidRequest("refresh_token and client_id are required.")
        }
        let lifetime = signIn.accessTokenLifetime
        let now = clock.now
        let outcome = try await write { db in
            try OAuthGrants.refresh(token, clientID: clientID, accessLifetime: lifetime, in: db, now: now)
        }
        switch outcome {
        case .issued(let issued): return .tokens(issued)
        case .invalid(let description): return .invalidGrant(description)
        case .reuseDetected: return .invalidGrant("token_reuse_detected")
        }
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        guard case .urlEncodedForm(let form) = input.body, !form.token.isEmpty else {
            return .badRequest(OAuthRefusal(error: "invalid_request", description: "token is required.").body)
        }
        let now = clock.now
        try await write { db in try OAuthGrants.revoke(token: form.token, in: db, now: now) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract)))
    }
}
