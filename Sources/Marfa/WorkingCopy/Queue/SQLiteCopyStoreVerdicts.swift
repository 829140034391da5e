import Foundation
import MarfaSQLite

/// The store's side of a drain: verdicts recorded, answers adopted, refused writes rolled back.
extension SQLiteCopyStore {
    /// Every queued write, typed for the sync steps.
    func heldQueue() async throws(MarfaError) -> [QueuedWrite] {
        try await read { db in try CopyStoreQueue.all(in: db) }
    }

    /// What a drain reads: the unanswered writes in queue order, and the verdict of every answered
    /// write by id (without their bodies).
    func pendingQueue() async throws(MarfaError) -> (pending: [QueuedWrite], answered: [String: Verdict]) {
        try await read { db in
            let pending = try db.query(
                "SELECT \(CopyStoreQueue.columns) FROM queue WHERE verdict IS NULL ORDER BY position"
            )
            .map(CopyStoreQueue.write(from:))
            var answered: [String: Verdict] = [:]
            for row in try db.query("SELECT id, verdict FROM queue WHERE verdict IS NOT NULL") {
                if let verdict = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict) {
                    answered[row.string("id") ?? ""] = verdict
                }
            }
            return (pending, answered)
        }
    }

    /// Records `verdict` for `write` and adopts the server's row from a success's answer.
    func record(
        _ verdict: Verdict, for write: QueuedWrite, answer: WriteAnswer?, refusals: Int
    ) async throws(MarfaError) {
        try await record([AnsweredWrite(verdict: verdict, write: write, answer: answer, refusals: refusals)])
    }

    /// Records each of `answered` in queue order, in one transaction.
    func record(_ answered: [AnsweredWrite]) async throws(MarfaError) {
        let answers = answered.map { $0.answer?.json }
        try await self.write { db in
            for (one, json) in zip(answered, answers) {
                _ = try db.run(
                    "UPDATE queue SET verdict = ?, answer = ?, refusals = ?, answered_at = ? WHERE id = ?",
                    values: [
                        CopyStoreQueue.encodeVerdict(one.verdict), one.answer?.text, one.refusals,
                        Date().timeIntervalSince1970, one.write.id,
                    ])
                guard one.verdict.isSuccess, let json else { continue }
                try Self.adopt(json, for: one.write, in: db)
            }
        }
    }

    /// Counts one more refusal against `write`, unanswered still.
    func count(_ write: QueuedWrite, refusals: Int, reason: String) async throws(MarfaError) {
        try await self.write { db in
            _ = try db.run("UPDATE queue SET refusals = ?, answer = ? WHERE id = ?", refusals, reason, write.id)
        }
    }

    /// Takes the server's row from a success: an item (kept when the copy holds a later version),
    /// an edge, or an item's metadata. A create the server put on another row (a natural key)
    /// moves the copy onto that row, and later writes with it.
    private static func adopt(_ json: JSONValue, for write: QueuedWrite, in db: SQLiteConnection) throws {
        let answeredId = WireAcceptedRow.itemId(in: json)
        let heldId = write.kind == .createItem ? write.itemId ?? answeredId : answeredId
        switch WireAcceptedRow.read(json, held: try heldId.flatMap { try heldItem($0, in: db) }) {
        case .item(let envelope, let withMetadata):
            if write.kind == .createItem, let minted = write.itemId, minted != envelope.item.id {
                try move(minted, to: envelope.item.id, in: db)
            }
            // An answer without metadata leaves the tags and extensions held.
            let held = try db.first("SELECT version FROM items WHERE id = ?", envelope.item.id)?.int64("version")
            if held == nil || held! <= envelope.item.version {
                let row = ItemRow(
                    envelope.item, metadata: withMetadata ? envelope.metadata : nil, listed: envelope.listed)
                try CopyStoreRows.upsert(row, withMetadata: withMetadata || held == nil, in: db)
            }
        case .edge(let edge): try CopyStoreRows.upsert(edge, in: db)
        case .metadata(let metadata, let withExtensions):
            try CopyStoreRows.replaceTags(of: metadata.itemId, with: metadata.tags, in: db)
            _ = try db.run("UPDATE items SET tags = ? WHERE id = ?", JSONText.encode(metadata.tags), metadata.itemId)
            // An answer without extensions leaves the held ones.
            if withExtensions {
                _ = try db.run(
                    "UPDATE items SET extensions = ? WHERE id = ?", JSONText.encode(metadata.extensions),
                    metadata.itemId)
            }
        case nil: break
        }
    }

    /// The held row of item `id`, without its metadata; nil when none is held.
    private static func heldItem(_ id: String, in db: SQLiteConnection) throws -> WireAcceptedRow.HeldItem? {
        let columns =
            "type, state, tier, schema_version, source, source_id, occurred_at, created_at, updated_at, properties"
        guard let row = try db.first("SELECT \(columns) FROM items WHERE id = ?", id) else { return nil }
        return WireAcceptedRow.HeldItem(
            type: row.string("type"), state: row.string("state"), tier: row.string("tier"),
            source: row.string("source"), sourceId: row.string("source_id"), schemaVersion: row.int64("schema_version"),
            occurredAt: row.double("occurred_at"), createdAt: row.double("created_at"),
            updatedAt: row.double("updated_at"), properties: JSONText.object(row.string("properties")))
    }

    /// Moves the copy from the row it minted to the one the server named.
    private static func move(_ minted: String, to answered: String, in db: SQLiteConnection) throws {
        try CopyStoreRows.evict(minted, keepingEdgesOf: [], in: db)
        _ = try db.run("UPDATE queue SET item_id = ? WHERE item_id = ?", answered, minted)
        _ = try db.run("UPDATE queue SET target_id = ? WHERE target_id = ?", answered, minted)
        for row in try db.query("SELECT id, body FROM queue WHERE verdict IS NULL AND kind = 'createEdge'") {
            let body = JSONText.object(row.string("body"))
            if let moved = WireBodies.movingEdgeEnds(of: body, from: minted, to: answered) {
                _ = try db.run("UPDATE queue SET body = ? WHERE id = ?", JSONText.encode(moved), row.string("id") ?? "")
            }
        }
        _ = try db.run("UPDATE edges SET source_id = ? WHERE source_id = ?", answered, minted)
        _ = try db.run("UPDATE edges SET target_id = ? WHERE target_id = ?", answered, minted)
    }

    /// Undoes a refused create: its row, and the edges it draws, go.
    func dropCreated(itemId: String?, edgeId: String?) async throws(MarfaError) {
        try await write { db in
            if let itemId { try CopyStoreRows.evict(itemId, keepingEdgesOf: [], in: db) }
            if let edgeId { _ = try db.run("DELETE FROM edges WHERE id = ?", edgeId) }
        }
    }

    /// Stores the server's copy of an item read again, after a refusal or for a pin (nil: it is gone).
    func reset(itemId: String, to detail: Components.Schemas.ItemDetail?) async throws(MarfaError) {
        let row = detail.map { ItemRow($0.item, metadata: $0.metadata, listed: $0.listed) }
        try await write { db in
            if let row {
                try CopyStoreRows.upsert(row, in: db)
            } else {
                try CopyStoreRows.evict(itemId, keepingEdgesOf: [], in: db)
            }
        }
    }

    /// Stores the server's copy of an edge read again after a refusal (nil: it is gone).
    func reset(edgeId: String, to edge: Components.Schemas.Edge?) async throws(MarfaError) {
        try await write { db in
            if let edge {
                try CopyStoreRows.upsert(edge, in: db)
            } else {
                _ = try db.run("DELETE FROM edges WHERE id = ?", edgeId)
            }
        }
    }

    /// The version the copy holds for an item.
    func heldVersion(of id: String) async throws(MarfaError) -> Int64? {
        try await read { db in try db.first("SELECT version FROM items WHERE id = ?", id)?.int64("version") }
    }

    /// Removes a write from the queue.
    func remove(write id: String) async throws(MarfaError) {
        try await write { db in _ = try db.run("DELETE FROM queue WHERE id = ?", id) }
    }
}
