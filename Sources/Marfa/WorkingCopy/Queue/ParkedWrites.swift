import Foundation
import MarfaSQLite

/// The writes a refused credential parked: blocked `credentialRefused` by a `401` whose renewal
/// failed, or by a renewal the sign-in refused, rather than by a missing grant or an unclaimed
/// source (a `403`, which the server did answer). The server has not answered them, so the status
/// counts them as unsent, and the next drain after a renewal or a new key sends them again.
package enum ParkedWrites {
    /// Whether a write with `verdict` and the stored `answer` is parked.
    package static func isParked(_ verdict: Verdict?, answer: String?) -> Bool {
        guard case .blocked(.credentialRefused, let refusal)? = verdict, refusal?.grant == nil else { return false }
        return !WireErrorEnvelope(text: answer).namesSource
    }

    /// The ids of the parked writes.
    static func ids(in db: SQLiteConnection) throws -> [String] {
        try db.query("SELECT id, verdict, answer FROM queue WHERE verdict LIKE '%credentialRefused%' ORDER BY position")
            .compactMap { row in
                isParked(row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict), answer: row.string("answer"))
                    ? row.string("id") : nil
            }
    }
}

extension SQLiteCopyStore {
    /// Requeues every parked write under a fresh idempotency key (the server never answered it);
    /// returns how many.
    func releaseParked() async throws(MarfaError) -> Int {
        try await write { db in
            let ids = try ParkedWrites.ids(in: db)
            for id in ids { try CopyStoreQueue.requeue(id, in: db) }
            return ids.count
        }
    }
}
