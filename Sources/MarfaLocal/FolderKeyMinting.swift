import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite

extension LocalDataFolder {
    /// A key minted from the command line.
    public struct CreatedKey: Sendable, Equatable {
        /// The key's ID.
        public var id: String
        /// The key itself (`marfa_k1_…`), shown once: only its hash is stored.
        public var plaintext: String
        /// The key's source, which its writes are stamped with.
        public var source: String
        /// The scopes it holds.
        public var scopes: [String]
    }

    /// Mints a member key holding exactly `scopes`, in the OAuth scope grammar (`core.note:read`,
    /// `app.notes.*:write`, `metadata.types:write`, `schema.write`; see the sign-in article's
    /// table), as the owner: what a token approved for those scopes may do, a key may do.
    /// `source` (a new `cli-…` one when nil) must be no other live key's. Refused with
    /// `LocalDataFolderError` (`.badScope`, `.noScopes`, `.sourceTaken`, `.badName`) before
    /// anything is stored.
    public func createKey(
        scopes: [String], label: String = "marfa-local key", source: String? = nil
    ) async throws -> CreatedKey {
        let scopes = OAuthScope.parse(scopes)
        if let bad = scopes.first(where: { !OAuthScope.isValid($0) }) {
            throw LocalDataFolderError.badScope(
                bad, reason: "it isn't in this instance's scope grammar (see the sign-in article's scope table).")
        }
        if let signIn = scopes.first(where: { OAuthScope.oidc.contains($0) }) {
            throw LocalDataFolderError.badScope(signIn, reason: "it is a sign-in scope, which a key doesn't hold.")
        }
        guard !scopes.isEmpty else { throw LocalDataFolderError.noScopes }
        let label = label.trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, label.count <= 200 else {
            throw LocalDataFolderError.badName(field: "label", reason: "must be 1 to 200 characters.")
        }
        let source = source ?? "cli-" + Identifiers.secret(bytes: 6).lowercased()
        guard !source.isEmpty, source.count <= 200 else {
            throw LocalDataFolderError.badName(field: "source", reason: "must be 1 to 200 characters.")
        }
        let now = store.clock.now
        return try await store.write { db -> CreatedKey in
            if try db.first("SELECT 1 FROM api_keys WHERE source = ? AND revoked_at IS NULL", source) != nil {
                throw LocalDataFolderError.sourceTaken(source)
            }
            let plaintext = Identifiers.apiKey()
            let record = KeyRecord(
                id: Identifiers.uuidV7(at: now), label: label, source: source, role: "member", defaultTier: "library",
                isPlatform: false, isOwner: false, grants: OAuthScope.grants(for: scopes), createdBy: nil,
                createdAt: now)
            try record.insert(plaintext: plaintext, in: db)
            try AuditLog.record(
                "key.create", resourceType: "api_key", resourceID: record.id,
                details: ["scope": .string(scopes.joined(separator: " ")), "by": "marfa-local key create"], at: now,
                in: db)
            return CreatedKey(id: record.id, plaintext: plaintext, source: source, scopes: scopes)
        }
    }
}
