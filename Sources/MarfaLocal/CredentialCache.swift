import Foundation
import MarfaDigest
import MarfaSQLite
import Synchronization

/// The live keys that bearer credentials (API keys and OAuth access tokens) stood for when last
/// read, so a request with a credential already seen needs no read of the store to authenticate.
///
/// An entry is kept with the count of credential commits (`changes`: any insert, update or delete
/// in `api_keys`, `oauth_grants` or `oauth_tokens` on the store's writer) noted before its read,
/// and serves only while that count is unchanged, and never past the key's expiry. The count moves
/// after such a commit and before the write that made it returns, so a key revoked by a request is
/// refused to every request after it. Entries are keyed by the credential's SHA-256, as the store
/// keeps it; a miss, an unknown credential included, reads the store.
///
/// Another process writing the same folder (`LocalDataFolder`) only adds keys and grants, which a
/// miss finds.
final class CredentialCache: Sendable {
    /// The tables a credential's liveness depends on.
    static let tables: Set<String> = ["api_keys", "oauth_grants", "oauth_tokens"]
    /// The most entries kept for one count; past it the entries start over.
    static let capacity = 4096

    /// Commits that changed `tables`, counted by the store's writer.
    let changes = SQLiteChangeCount(tables: tables)

    private struct Entries {
        /// The count every entry was read under.
        var count: UInt64 = 0
        var keys: [String: KeyRecord] = [:]
        var hits = 0
    }
    private let entries = Mutex(Entries())

    /// The key kept for the credential hashed `hash`, if it was read under `count` (the count
    /// now) and has not expired at `now`.
    func key(hash: String, now: Date, count: UInt64) -> KeyRecord? {
        entries.withLock { entries -> KeyRecord? in
            guard entries.count == count, let key = entries.keys[hash], key.expiresAt.map({ $0 > now }) ?? true
            else { return nil }
            entries.hits += 1
            return key
        }
    }

    /// Keeps `key`, read in a snapshot begun after the count was `count`; a read under an older
    /// count than the entries' is not kept, a newer one starts the entries over.
    func keep(_ key: KeyRecord, hash: String, readUnder count: UInt64) {
        entries.withLock { entries in
            guard count >= entries.count else { return }
            if count > entries.count || entries.keys.count >= Self.capacity {
                entries.count = count
                entries.keys.removeAll(keepingCapacity: true)
            }
            entries.keys[hash] = key
        }
    }

    /// How many lookups a kept key answered, for tests.
    var hits: Int { entries.withLock { $0.hits } }
}

extension LocalStore {
    /// The live key `token` stands for (an API key's plaintext, or an OAuth access token
    /// `marfa_at_…` mapped onto the key model): nil when it is unknown, revoked or expired at `now`.
    /// Answered from `credentials` when it can be, else read.
    func liveKey(for token: String, now: Date) async throws -> KeyRecord? {
        let hash = SHA256.hex(token)
        let count = credentials?.changes.value
        if let count, let key = credentials?.key(hash: hash, now: now, count: count) { return key }
        let found = try await read { db in
            token.hasPrefix(OAuthGrants.accessPrefix)
                ? try OAuthGrants.key(forAccessToken: token, in: db, now: now)
                : try KeyRecord.find(plaintext: token, in: db, now: now)
        }
        if let found, let count { credentials?.keep(found, hash: hash, readUnder: count) }
        return found
    }
}
