import Foundation
import MarfaClock
import MarfaSQLite
import MarfaTypes

/// The contract's operations over the store. Each operation reads `RequestContext.current` for
/// the calling key, throws `LocalError` for a refusal and answers the generated `Output` on
/// success; the middlewares add the headers every answer shares.
struct LocalAPI: APIProtocol {
    let store: LocalStore
    let name: String
    /// How many items a type move changes in one transaction; a cancel is honoured between batches.
    var typeMoveBatchSize = 100
    /// How long a type move waits between batches.
    var typeMovePause: Duration = .zero
    /// Lifetimes and pacing of OAuth sign-in.
    var signIn = LocalInstance.SignInOptions()

    /// The headers value generated outputs require; the middlewares set the real ones.
    static let contract = LocalContract.version

    /// How often an event stream with nothing to send writes a `:ping` comment.
    var eventPingInterval: Duration = .seconds(30)
    /// The largest blob `POST /blobs` stores.
    var maxBlobBytes = LocalInstance.Options.defaultMaxBlobBytes
    /// The upload bodies spooled to disk, found by the body the door reads.
    var uploads = SpooledUploads()
    /// The instance-wide budget of wrong owner passwords, shared by every copy of this value.
    var passwordAttempts = PasswordAttempts()

    /// Where the instance reads the time (the store's clock).
    var clock: any MarfaClock { store.clock }

    /// Runs `body` on the store's writer thread in one transaction, then wakes the event log's
    /// followers. The caller suspends meanwhile; nothing runs on the cooperative pool.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        let result = try await store.write(body)
        store.events.wake()
        return result
    }

    /// Runs `body` on a reader thread in one snapshot: everything a request reads in one call
    /// comes from the same commit.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await store.read(body)
    }
}
