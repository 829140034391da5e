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
    var maxBlobBytes = 8 << 20
    /// The instance-wide budget of wrong owner passwords, shared by every copy of this value.
    var passwordAttempts = PasswordAttempts()

    /// Where the instance reads the time (the store's clock).
    var clock: any MarfaClock { store.clock }

    /// Runs `body` in one write transaction, then wakes the event log's followers.
    @discardableResult
    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let result = try store.database.write(body)
        store.events.wake()
        return result
    }

    /// Runs `body` with the connection, for reads.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T { try store.database.read(body) }
}
