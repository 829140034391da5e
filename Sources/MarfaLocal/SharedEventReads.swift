import Foundation
import MarfaSQLite
import Synchronization

/// Live reads of the event log, shared between followers: followers at the same position, behind
/// the same credential, that woke for the same commits wait for one read on a reader connection
/// instead of each making its own. Sixteen followers of one key cost one read per commit, not
/// sixteen.
///
/// A read may be joined only by a follower it is fresh enough for: each read records the hub's
/// wake count when it was started, and a follower that saw a higher count (it woke for a later
/// commit, which the read's snapshot may predate) starts its own read.
final class SharedEventReads: Sendable {
    /// What one live read found.
    struct Batch: Sendable {
        /// Up to the batch size of events after the position, oldest first.
        let entries: [EventLog.Entry]
        /// Whether the credential still works (not revoked, not expired).
        let credentialWorks: Bool
        /// The view generation in the same snapshot (`ReadViews`), for copy streams.
        let viewGeneration: Int64
    }

    private struct Position: Hashable {
        let after: Int64
        let credential: String
        /// Two tokens of one grant share a credential ID but not their expiry.
        let expiresAt: Date?
    }

    private struct Flight {
        /// The hub's wake count when the read was started.
        let wakeCount: UInt64
        let task: Task<Batch, any Error>
    }

    private let flights = Mutex<[Position: Flight]>([:])

    /// Up to `limit` events after `after` and whether `key` still works, from a read started once
    /// the hub's wake count was at least `wakeCount`. The read runs to its end even when the
    /// calling task is canceled.
    func read(
        after: Int64, key: KeyRecord, wakeCount: UInt64, limit: Int, store: LocalStore
    ) async throws -> Batch {
        let position = Position(after: after, credential: key.id, expiresAt: key.expiresAt)
        let task = flights.withLock { flights -> Task<Batch, any Error> in
            if let flight = flights[position], flight.wakeCount >= wakeCount { return flight.task }
            let task = Task {
                let now = store.clock.now
                return try await store.pool.read { db in
                    Batch(
                        entries: try EventLog.entries(after: after, limit: limit, in: db),
                        credentialWorks: try Self.credentialWorks(key, at: now, in: db),
                        viewGeneration: try ReadViews.generation(in: db))
                }
            }
            flights[position] = Flight(wakeCount: wakeCount, task: task)
            return task
        }
        defer {
            flights.withLock { flights in
                if flights[position]?.task == task { flights[position] = nil }
            }
        }
        return try await task.value
    }

    /// Whether `key` (or the OAuth grant and access token it stands for) still works at `now`:
    /// not revoked, and not past its expiry (a key's, or the access token's the stream opened with).
    static func credentialWorks(_ key: KeyRecord, at now: Date, in db: SQLiteConnection) throws -> Bool {
        if let expires = key.expiresAt, expires <= now { return false }
        if let row = try db.first("SELECT revoked_at, expires_at FROM api_keys WHERE id = ?", key.id) {
            if row.double("revoked_at") != nil { return false }
            if let expires = row.double("expires_at"), expires <= now.stored { return false }
            return true
        }
        if let row = try db.first("SELECT revoked_at FROM oauth_grants WHERE id = ?", key.id) {
            return row.double("revoked_at") == nil
        }
        return true
    }
}
