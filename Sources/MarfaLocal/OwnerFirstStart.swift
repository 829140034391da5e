import Foundation
import MarfaSQLite

/// What a start sets up for the owner: the sign-in password (the one given, or a generated one when
/// none was ever set) and, on a store with no key, the owner's first key. Everything slow (hashing)
/// happens in `prepare`; `commit` writes it all in one transaction that ends only once the server
/// listens, so a start that fails to listen (a port in use) mints and stores nothing.
struct OwnerFirstStart: Sendable {
    /// What a committed start minted, in plaintext, to be shown once and kept in `OwnerSecretsFile`.
    struct Minted: Sendable {
        var key: String?
        var password: String?
    }

    private var givenPasswordHash: String?
    private var generated: (plaintext: String, hash: String)?
    private var mintsKey: Bool

    /// Hashes `password` when given; when not, and the store holds none, generates and hashes one.
    static func prepare(password: String?, mintsKey: Bool, store: LocalStore) async throws -> OwnerFirstStart {
        var start = OwnerFirstStart(givenPasswordHash: nil, generated: nil, mintsKey: mintsKey)
        if let password {
            start.givenPasswordHash = await OwnerPassword.hash(password)
        } else if try await store.read({ try store.meta(OwnerPassword.metaName, in: $0) }) == nil {
            let plaintext = Identifiers.secret(bytes: 12)
            start.generated = (plaintext, await OwnerPassword.hash(plaintext))
        }
        return start
    }

    /// Stores the password and mints the owner's key where the store has none, then runs `listen`
    /// inside the same transaction: when it throws, nothing of this start is kept. Requests the
    /// server takes before the commit see the store as it was (and a keyless `POST /keys` waits
    /// for the commit, so it can't take the owner's key first).
    func commit(in db: SQLiteConnection, store: LocalStore, listen: () throws -> Void) throws -> Minted {
        var minted = Minted()
        if let givenPasswordHash {
            try store.setMeta(OwnerPassword.metaName, givenPasswordHash, in: db)
        } else if let generated, try store.meta(OwnerPassword.metaName, in: db) == nil {
            try store.setMeta(OwnerPassword.metaName, generated.hash, in: db)
            minted.password = generated.plaintext
        }
        if mintsKey, try db.first("SELECT 1 FROM api_keys LIMIT 1") == nil {
            minted.key = try KeyOperations.mintOwnerKey(label: "Owner", source: "owner", at: store.clock.now, in: db)
                .plaintext
        }
        try listen()
        return minted
    }
}
