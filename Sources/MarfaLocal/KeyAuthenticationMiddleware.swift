import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Checks the bearer key before anything else: a missing, unknown, revoked or expired key is
/// `401 unauthorized`. An OAuth access token (`marfa_at_…`) authenticates the same way, reaching
/// what its grant's scopes map to. The doors the contract opens to everyone need none, and `createKey` needs
/// none while the instance holds no key at all (bootstrap). The key found is in
/// `RequestContext.current.key` for the operation. A credential seen before is answered from the
/// store's `CredentialCache` until a commit changes keys or grants.
struct KeyAuthenticationMiddleware: ServerMiddleware {
    let store: LocalStore

    /// Whether the contract serves `operationID` without a credential (`security: []`).
    static func isOpen(_ operationID: String) -> Bool {
        Operations.securityRequirements[operationID]?.isEmpty == true
    }

    /// The credential of an `Authorization` value `Bearer <token>` (the scheme in any case); nil
    /// for any other form.
    static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1].trimmingSpaces)
    }

    /// Whether the `Authorization` value `header` is `Bearer` and a live key or access token.
    static func isLive(_ header: String, in store: LocalStore) async -> Bool {
        guard let token = bearerToken(header) else { return false }
        return (try? await store.liveKey(for: token, now: store.clock.now)) != nil
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if Self.isOpen(operationID) { return try await next(request, body, metadata) }
        guard let header = request.headerFields["Authorization"] else {
            if operationID == "createKey",
                try await store.read({ try $0.first("SELECT 1 FROM api_keys LIMIT 1") }) == nil
            {
                return try await next(request, body, metadata)
            }
            throw LocalError.unauthorized()
        }
        guard let token = Self.bearerToken(header) else {
            throw LocalError.unauthorized("The Authorization header must be 'Bearer <key>'.")
        }
        let now = store.clock.now
        let isAccessToken = token.hasPrefix(OAuthGrants.accessPrefix)
        guard let key = try await store.liveKey(for: token, now: now) else {
            throw LocalError.unauthorized(
                isAccessToken
                    ? "The access token is unknown, revoked or expired." : "The key is unknown, revoked or expired.")
        }
        await noteUse(of: key, accessToken: isAccessToken, now: now)
        var context = RequestContext.current
        context.key = key
        return try await RequestContext.$current.withValue(context) { try await next(request, body, metadata) }
    }

    /// Notes when a key was last used, to the hour (a grant's, to the minute); a note that fails
    /// does not fail the request.
    private func noteUse(of key: KeyRecord, accessToken: Bool, now: Date) async {
        let interval: TimeInterval = accessToken ? 60 : 3600
        guard key.lastUsedAt.map({ now.timeIntervalSince($0) >= interval }) ?? true else { return }
        _ = try? await store.write { db in
            if accessToken {
                try OAuthGrants.touch(grantID: key.id, in: db, now: now)
            } else {
                try db.run("UPDATE api_keys SET last_used_at = ? WHERE id = ?", now.stored, key.id)
            }
        }
    }
}
