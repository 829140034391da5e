import Foundation
import MarfaDigest
import MarfaSQLite
import MarfaTypes

/// Grants (an app the owner approved) and the tokens issued under them. Only SHA-256 hashes of
/// tokens are stored. Access tokens (`marfa_at_…`) expire; refresh tokens (`marfa_rt_…`, issued
/// when `offline_access` was granted) rotate on every use, and a rotated one presented again ends
/// the grant.
enum OAuthGrants {
    static let accessPrefix = "marfa_at_"
    static let refreshPrefix = "marfa_rt_"

    /// Tokens just issued, in plaintext for the answer only.
    struct Issued {
        var accessToken: String
        var refreshToken: String?
        var expiresIn: Int
        var scopes: [String]

        var response: Components.Schemas.TokenResponse {
            .init(
                accessToken: accessToken, tokenType: "Bearer", expiresIn: expiresIn, refreshToken: refreshToken,
                scope: scopes.joined(separator: " "))
        }
    }

    /// A grant as stored.
    struct Grant {
        var id: String
        var clientID: String
        var scopes: [String]
        var createdAt: Date
        var lastUsedAt: Date?
        var revokedAt: Date?

        init(row: SQLiteRow) {
            id = row.string("id") ?? ""
            clientID = row.string("client_id") ?? ""
            scopes = OAuthScope.parse(row.string("scope"))
            createdAt = Date(stored: row.double("created_at"))
            lastUsedAt = row.double("last_used_at").map { Date(stored: $0) }
            revokedAt = row.double("revoked_at").map { Date(stored: $0) }
        }
    }

    static func find(id: String, in db: SQLiteConnection) throws -> Grant? {
        try db.first("SELECT * FROM oauth_grants WHERE id = ?", id).map(Grant.init(row:))
    }

    /// Records a new grant for `clientID` and issues its first tokens.
    static func grant(
        clientID: String, scopes: [String], accessLifetime: Duration, in db: SQLiteConnection, now: Date
    ) throws -> (grantID: String, issued: Issued) {
        let id = Identifiers.uuidV7(at: now)
        try db.run(
            "INSERT INTO oauth_grants (id, client_id, scope, created_at) VALUES (?, ?, ?, ?)", id, clientID,
            scopes.joined(separator: " "), now.stored)
        try AuditLog.record(
            "grant.create", resourceType: "grant", resourceID: id, details: ["client_id": .string(clientID)], at: now,
            in: db)
        return (id, try issue(grantID: id, scopes: scopes, accessLifetime: accessLifetime, in: db, now: now))
    }

    /// Issues an access token under the grant, and a refresh token when `offline_access` is granted.
    static func issue(
        grantID: String, scopes: [String], accessLifetime: Duration, in db: SQLiteConnection, now: Date
    ) throws -> Issued {
        let access = accessPrefix + Identifiers.secret()
        try db.run(
            "INSERT INTO oauth_tokens (hash, kind, grant_id, created_at, expires_at) VALUES (?, 'access', ?, ?, ?)",
            SHA256.hex(access), grantID, now.stored, now.addingTimeInterval(accessLifetime.inSeconds).stored)
        var refresh: String?
        if scopes.contains(OAuthScope.offlineAccess) {
            let token = refreshPrefix + Identifiers.secret()
            try db.run(
                "INSERT INTO oauth_tokens (hash, kind, grant_id, created_at) VALUES (?, 'refresh', ?, ?)",
                SHA256.hex(token),
                grantID, now.stored)
            refresh = token
        }
        return Issued(
            accessToken: access, refreshToken: refresh, expiresIn: Int(accessLifetime.inSeconds.rounded(.up)),
            scopes: scopes)
    }

    /// What presenting a refresh token does.
    enum RefreshOutcome {
        case issued(Issued)
        /// Unknown, revoked, of another client, or its grant ended.
        case invalid(String)
        /// A rotated token presented again: the whole grant is now revoked.
        case reuseDetected
    }

    /// Rotates `refreshToken`: the old one is revoked and new tokens are issued. A rotated token
    /// presented again revokes the grant, its access and refresh tokens included.
    static func refresh(
        _ refreshToken: String, clientID: String, accessLifetime: Duration, in db: SQLiteConnection, now: Date
    ) throws -> RefreshOutcome {
        guard
            let row = try db.first(
                "SELECT * FROM oauth_tokens WHERE hash = ? AND kind = 'refresh'", SHA256.hex(refreshToken)),
            let grantID = row.string("grant_id"), let grant = try find(id: grantID, in: db)
        else { return .invalid("The refresh token is unknown.") }
        guard grant.clientID == clientID else { return .invalid("The refresh token was issued to another client.") }
        if row.double("rotated_at") != nil {
            try revoke(grantID: grantID, in: db, now: now, reason: "token_reuse_detected")
            return .reuseDetected
        }
        guard grant.revokedAt == nil, row.double("revoked_at") == nil else {
            return .invalid("The refresh token was revoked.")
        }
        try db.run(
            "UPDATE oauth_tokens SET revoked_at = ?, rotated_at = ? WHERE hash = ?", now.stored, now.stored,
            SHA256.hex(refreshToken))
        return .issued(
            try issue(grantID: grantID, scopes: grant.scopes, accessLifetime: accessLifetime, in: db, now: now))
    }

    /// Ends a grant: it and every token issued under it stop working.
    static func revoke(grantID: String, in db: SQLiteConnection, now: Date, reason: String = "revoked") throws {
        try db.run("UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", now.stored, grantID)
        try db.run(
            "UPDATE oauth_tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL", now.stored, grantID)
        try AuditLog.record(
            "grant.revoke", resourceType: "grant", resourceID: grantID, details: ["reason": .string(reason)], at: now,
            in: db)
    }

    /// Revokes `token` (RFC 7009): an access token alone; a refresh token ends its whole grant.
    /// An unknown token does nothing.
    static func revoke(token: String, in db: SQLiteConnection, now: Date) throws {
        guard let row = try db.first("SELECT * FROM oauth_tokens WHERE hash = ?", SHA256.hex(token)) else { return }
        if row.string("kind") == "refresh", let grantID = row.string("grant_id") {
            try revoke(grantID: grantID, in: db, now: now)
        } else {
            try db.run(
                "UPDATE oauth_tokens SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL", now.stored,
                SHA256.hex(token))
        }
    }

    /// The credential a live access token stands for: a member key whose reach is the grant's
    /// scopes, with the grant's ID as its ID. Nil for an unknown, expired or revoked token.
    static func key(forAccessToken token: String, in db: SQLiteConnection, now: Date) throws -> KeyRecord? {
        guard
            let row = try db.first(
                """
                SELECT t.expires_at, t.revoked_at AS token_revoked, g.* FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
                WHERE t.hash = ? AND t.kind = 'access'
                """, SHA256.hex(token))
        else { return nil }
        guard row.double("token_revoked") == nil, row.double("revoked_at") == nil,
            let expiresAt = row.double("expires_at"), expiresAt > now.stored
        else { return nil }
        let grant = Grant(row: row)
        var key = KeyRecord(
            id: grant.id, label: "OAuth grant \(grant.id)", source: grant.clientID, role: "member",
            defaultTier: "library",
            isPlatform: false, isOwner: false, grants: OAuthScope.grants(for: grant.scopes), createdBy: nil,
            createdAt: grant.createdAt)
        key.lastUsedAt = grant.lastUsedAt
        key.expiresAt = Date(stored: expiresAt)
        key.isApp = true
        key.appScopes = grant.scopes
        return key
    }

    /// Notes that a grant's token was used.
    static func touch(grantID: String, in db: SQLiteConnection, now: Date) throws {
        try db.run("UPDATE oauth_grants SET last_used_at = ? WHERE id = ?", now.stored, grantID)
    }
}
