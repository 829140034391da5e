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
            let pending = try db.query("SELECT \(CopyStoreQueue.columns) FROM queue WHERE verdict IS NULL ORDER BY position")
                .map(CopyStoreQueue.write(from:))
            var answered: [String: Verdict] = [:]
            for row in try db.query("SELECT id, verdict FROM queue WHERE verdict IS NOT NULL") {
                if let verdict = row.string("verdict").flatMap(CopyStoreQueue.decodeVerdict) { answered[row.string("id") ?? ""] = verdict }
            }
            return (pending, answered)
        }
    }

    /// Records `verdict` for `write` and adopts the server's row from a success's answer.
    func record(_ verdict: Verdict, for write: QueuedWrite, answer: WriteAnswer?, refusals: Int) async throws(MarfaError) {
        let json = answer?.json
        try await self.write { db in
            _ = try db.run(
                "UPDATE queue SET verdict = ?, answer = ?, refusals = ?, answered_at = ? WHERE id = ?",
                values: [CopyStoreQueue.encodeVerdict(verdict), answer?.text, refusals, Date().timeIntervalSince1970, write.id])
            guard verdict.isSuccess, let json else { return }
            try Self.adopt(json, for: write, in: db)
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
        let decoder = JSONCoding.makeDecoder()
        let data = Data(JSONText.encode(json).utf8)
        if json["item"]?.object != nil, let envelope = try? decoder.decode(Components.Schemas.ItemEnvelope.self, from: data) {
            if write.kind == .createItem, let minted = write.itemId, minted != envelope.item.id {
                try move(minted, to: envelope.item.id, in: db)
            }
            let held = try db.first("SELECT version FROM items WHERE id = ?", envelope.item.id)?.int64("version")
            if held == nil || held! <= envelope.item.version {
                try CopyStoreRows.upsert(ItemRow(envelope.item, metadata: envelope.metadata, listed: envelope.listed), in: db)
            }
        } else if json["edge"]?.object != nil, let envelope = try? decoder.decode(Components.Schemas.EdgeEnvelope.self, from: data) {
            try CopyStoreRows.upsert(envelope.edge, in: db)
        } else if json["item_id"] != nil, let metadata = try? decoder.decode(Components.Schemas.ItemMetadata.self, from: data) {
            try CopyStoreRows.replaceTags(of: metadata.itemId, with: metadata.tags, in: db)
            _ = try db.run(
                "UPDATE items SET tags = ?, extensions = ? WHERE id = ?", JSONText.encode(metadata.tags),
                JSONText.encode(metadata.extensions), metadata.itemId)
        }
    }

    /// Moves the copy from the row it minted to the one the server named.
    private static func move(_ minted: String, to answered: String, in db: SQLiteConnection) throws {
        try CopyStoreRows.evict(minted, keepingEdgesOf: [], in: db)
        _ = try db.run("UPDATE queue SET item_id = ? WHERE item_id = ?", answered, minted)
        _ = try db.run("UPDATE queue SET target_id = ? WHERE target_id = ?", answered, minted)
        for row in try db.query("SELECT id, body FROM queue WHERE verdict IS NULL AND kind = 'createEdge'") {
            var body = JSONText.object(row.string("body"))
            var changed = false
            for key in ["source_id", "target_id"] where body[key]?.string == minted {
                body[key] = .string(answered)
                changed = true
            }
            if changed { _ = try db.run("UPDATE queue SET body = ? WHERE id = ?", JSONText.encode(body), row.string("id") ?? "") }
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
            if let row { try CopyStoreRows.upsert(row, in: db) } else { try CopyStoreRows.evict(itemId, keepingEdgesOf: [], in: db) }
        }
    }

    /// Stores the server's copy of an edge read again after a refusal (nil: it is gone).
    func reset(edgeId: String, to edge: Components.Schemas.Edge?) async throws(MarfaError) {
        try await write { db in
            if let edge { try CopyStoreRows.upsert(edge, in: db) } else { _ = try db.run("DELETE FROM edges WHERE id = ?", edgeId) }
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
