import Foundation
import MarfaSQLite

/// The engine's queue: writes stored with their local effect in one transaction, and the app's
/// queue calls.
extension SQLiteCopyStore {
    func enqueue(_ queued: QueuedWrite, effect: LocalEffect) async throws -> QueuedWrite {
        try await write { db in
            try Self.refuseWhileFilling(db)
            let stored = try CopyStoreQueue.append(queued, in: db)
            try CopyStoreQueue.apply(effect, in: db)
            try CopyStoreJournal.append(
                Change(origin: .local(queued.kind), itemId: queued.itemId, edgeId: queued.edgeId), in: db)
            return stored
        }
    }

    /// Stores `writes` at the queue's end, in order, each with its local effect, in one
    /// transaction: a failure at any of them leaves none queued. Returns them as queued.
    func enqueue(together writes: [(write: QueuedWrite, effect: LocalEffect)]) async throws -> [QueuedWrite] {
        try await write { db in
            try Self.refuseWhileFilling(db)
            var stored: [QueuedWrite] = []
            for (queued, effect) in writes {
                stored.append(try CopyStoreQueue.append(queued, in: db))
                try CopyStoreQueue.apply(effect, in: db)
                try CopyStoreJournal.append(
                    Change(origin: .local(queued.kind), itemId: queued.itemId, edgeId: queued.edgeId), in: db)
            }
            return stored
        }
    }

    func queuedWrites() async throws -> [QueuedWrite] {
        try await read { db in try CopyStoreQueue.all(in: db) }
    }

    func release(_ id: String) async throws -> Bool {
        try await write { db in
            guard let row = try db.first("SELECT verdict FROM queue WHERE id = ?", id) else {
                throw Self.unknownWrite(id)
            }
            guard let verdict = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict), Self.releasable(verdict)
            else { return false }
            try CopyStoreQueue.requeue(id, in: db)
            return true
        }
    }

    func release(reason: BlockedReason) async throws -> Int {
        try await write { db in
            var released = 0
            for row in try db.query("SELECT id, verdict FROM queue WHERE verdict IS NOT NULL") {
                guard case .blocked(let held, _)? = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict),
                    held == reason
                else { continue }
                try CopyStoreQueue.requeue(row.string("id") ?? "", in: db)
                released += 1
            }
            return released
        }
    }

    private static func releasable(_ verdict: Verdict) -> Bool {
        switch verdict {
        case .blocked, .dead: true
        default: false
        }
    }

    func discard(_ id: String) async throws -> Bool {
        try await write { db in
            guard let row = try db.first("SELECT verdict FROM queue WHERE id = ?", id) else {
                throw Self.unknownWrite(id)
            }
            guard case .refused? = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict) else { return false }
            guard try !Self.isNeeded(id, in: db) else { return false }
            _ = try db.run("DELETE FROM queue WHERE id = ?", id)
            return true
        }
    }

    /// Clears answered writes, keeping blocked and dead ones, refused ones that carried content,
    /// and any an unanswered write still waits on. Returns how many went. The writes waited on
    /// are gathered once, and only a refused write's body is read, so a long queue of answered
    /// writes goes in one scan.
    func forgetAnswered() async throws -> Int {
        try await write { db in
            let needed = try Self.waitedOn(in: db)
            var forgotten = 0
            for row in try db.query("SELECT id, verdict, body FROM queue WHERE verdict IS NOT NULL ORDER BY position") {
                guard let id = row.string("id"), !needed.contains(id),
                    let verdict = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict)
                else { continue }
                switch verdict {
                case .blocked, .dead: continue
                case .refused where !JSONText.object(row.string("body")).isEmpty: continue
                default: break
                }
                _ = try db.run("DELETE FROM queue WHERE id = ?", id)
                forgotten += 1
            }
            return forgotten
        }
    }

    /// The writes an unanswered write follows or depends on.
    private static func waitedOn(in db: SQLiteConnection) throws -> Set<String> {
        var ids = Set<String>()
        for row in try db.query("SELECT follows, depends_on FROM queue WHERE verdict IS NULL") {
            if let follows = row.string("follows") { ids.insert(follows) }
            ids.formUnion(JSONText.strings(row.string("depends_on")))
        }
        return ids
    }

    /// The answered writes not handed over before (blocked ones stay in the queue), removed
    /// unless an unanswered write still waits on one.
    func takeAnswered() async throws -> [QueuedWrite] {
        try await write { db in
            var taken: [QueuedWrite] = []
            let handed = Set(try db.query("SELECT id FROM queue WHERE handed = 1").compactMap { $0.string("id") })
            for write in try CopyStoreQueue.all(in: db) where !handed.contains(write.id) {
                guard let verdict = write.verdict else { continue }
                if case .blocked = verdict { continue }
                taken.append(write)
                if try Self.isNeeded(write.id, in: db) {
                    _ = try db.run("UPDATE queue SET handed = 1 WHERE id = ?", write.id)
                } else {
                    _ = try db.run("DELETE FROM queue WHERE id = ?", write.id)
                }
            }
            return taken
        }
    }

    /// Whether an unanswered write depends on or follows `id`.
    static func isNeeded(_ id: String, in db: SQLiteConnection) throws -> Bool {
        try db.first(
            "SELECT 1 FROM queue WHERE verdict IS NULL AND (follows = ? OR EXISTS (SELECT 1 FROM json_each(depends_on) WHERE value = ?)) LIMIT 1",
            id, id) != nil
    }

    static func unknownWrite(_ id: String) -> MarfaError {
        .notFound(code: "write_not_found", message: "The queue holds no write \(id).")
    }
}
