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
        let json = answer?.json
        try await self.write { db in
            _ = try db.run(
                "UPDATE queue SET verdict = ?, answer = ?, refusals = ?, answered_at = ? WHERE id = ?",
                values: [
                    CopyStoreQueue.encodeVerdict(verdict), answer?.text, refusals, Date().timeIntervalSince1970,
                    write.id,
                ])
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
        if var answered = json["item"]?.object, let id = answered["id"]?.string {
            // What the answer leaves out (a server may answer with few of the item's fields) stays as held.
            for (key, value) in try heldItem(write.kind == .createItem ? write.itemId ?? id : id, in: db)
            where answered[key] == nil {
                answered[key] = value
            }
            var merged = json.object ?? [:]
            merged["item"] = .object(answered)
            guard
                let envelope = try? WireShapes.decode(
                    Components.Schemas.ItemEnvelope.self, from: try WireShapes.envelope(.object(merged)), what: "item")
            else { return }
            if write.kind == .createItem, let minted = write.itemId, minted != envelope.item.id {
                try move(minted, to: envelope.item.id, in: db)
            }
            // An answer without metadata leaves the tags and extensions held.
            let withMetadata = json["metadata"]?.object != nil
            let held = try db.first("SELECT version FROM items WHERE id = ?", envelope.item.id)?.int64("version")
            if held == nil || held! <= envelope.item.version {
                let row = ItemRow(
                    envelope.item, metadata: withMetadata ? envelope.metadata : nil, listed: envelope.listed)
                try CopyStoreRows.upsert(row, withMetadata: withMetadata || held == nil, in: db)
            }
        } else if let wired = json["edge"], wired.object != nil,
            let edge = try? WireShapes.decode(
                Components.Schemas.Edge.self, from: try WireShapes.edge(wired), what: "edge")
        {
            try CopyStoreRows.upsert(edge, in: db)
        } else if let itemId = json["item_id"]?.string,
            let metadata = try? WireShapes.decode(
                Components.Schemas.ItemMetadata.self, from: WireShapes.metadata(json, itemId: itemId), what: "metadata")
        {
            try CopyStoreRows.replaceTags(of: metadata.itemId, with: metadata.tags, in: db)
            _ = try db.run("UPDATE items SET tags = ? WHERE id = ?", JSONText.encode(metadata.tags), metadata.itemId)
            // An answer without extensions leaves the held ones.
            if json["extensions"]?.object != nil {
                _ = try db.run(
                    "UPDATE items SET extensions = ? WHERE id = ?", JSONText.encode(metadata.extensions),
                    metadata.itemId)
            }
        }
    }

    /// The held row of item `id` in the wire's shape, without its metadata; empty when none is held.
    private static func heldItem(_ id: String, in db: SQLiteConnection) throws -> JSONObject {
        guard
            let row = try db.first(
                "SELECT type, state, tier, version, schema_version, source, source_id, occurred_at, created_at, updated_at, properties FROM items WHERE id = ?",
                id)
        else { return [:] }
        var item: JSONObject = ["properties": .object(JSONText.object(row.string("properties")))]
        for key in ["type", "state", "tier", "source", "source_id"] {
            if let text = row.string(key) { item[key] = .string(text) }
        }
        if let schema = row.int64("schema_version") { item["schema_version"] = .int(schema) }
        for (column, key) in [("occurred_at", "timestamp"), ("created_at", "created_at"), ("updated_at", "updated_at")]
        {
            if let seconds = row.double(column) { item[key] = .string(wireDate(seconds)) }
        }
        return item
    }

    private static func wireDate(_ seconds: Double) -> String {
        ISO8601.string(from: Date(timeIntervalSince1970: seconds))
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
            if changed {
                _ = try db.run("UPDATE queue SET body = ? WHERE id = ?", JSONText.encode(body), row.string("id") ?? "")
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
