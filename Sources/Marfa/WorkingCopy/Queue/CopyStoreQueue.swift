import Foundation
import MarfaDigest
import MarfaSQLite

/// The queue's rows: reading and writing `QueuedWrite`s.
enum CopyStoreQueue {
    static let columns =
        "id, kind, item_id, target_id, edge_id, namespace, tag, blob, base_version, idempotency_key, depends_on, follows, body, verdict, answer, refusals, queued_at, answered_at"

    static func write(from row: SQLiteRow) -> QueuedWrite {
        QueuedWrite(
            id: row.string("id") ?? "", kind: WriteKind(rawValue: row.string("kind") ?? "") ?? .updateItem,
            itemId: row.string("item_id"),
            targetId: row.string("target_id"), edgeId: row.string("edge_id"), namespace: row.string("namespace"),
            tag: row.string("tag"),
            blob: row.string("blob"),
            baseVersion: row.int64("base_version"), idempotencyKey: row.string("idempotency_key") ?? "",
            dependsOn: JSONText.strings(row.string("depends_on")), follows: row.string("follows"),
            verdict: row.string("verdict").flatMap(decodeVerdict), waiting: false,
            body: JSONText.object(row.string("body")),
            answer: row.string("answer"), refusals: row.int("refusals") ?? 0,
            queuedAt: Date(timeIntervalSince1970: row.double("queued_at") ?? 0),
            answeredAt: row.double("answered_at").map { Date(timeIntervalSince1970: $0) })
    }

    /// Unanswered again, under a fresh idempotency key, its count of refusals reset.
    static func requeue(_ id: String, in db: SQLiteConnection) throws {
        _ = try db.run(
            "UPDATE queue SET verdict = NULL, answer = NULL, answered_at = NULL, refusals = 0, handed = 0, idempotency_key = ? WHERE id = ?",
            UUIDv7.make(), id)
    }

    static func encodeVerdict(_ verdict: Verdict?) -> String? {
        if verdict == .accepted { return acceptedText }
        guard let verdict, let data = try? JSONEncoder().encode(verdict) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func decodeVerdict(_ text: String) -> Verdict? {
        if text == acceptedText { return .accepted }
        return try? JSONDecoder().decode(Verdict.self, from: Data(text.utf8))
    }

    /// The commonest verdict as its column holds it, encoded once.
    private static let acceptedText = String(decoding: try! JSONEncoder().encode(Verdict.accepted), as: UTF8.self)

    /// Every write, in queue order, `waiting` set for an unanswered write behind another that is
    /// unanswered or held.
    static func all(in db: SQLiteConnection) throws -> [QueuedWrite] {
        QueuedWrite.markingWaiting(try db.query("SELECT \(columns) FROM queue ORDER BY position").map(write(from:)))
    }

    /// Appends `write`: its position, the earlier unanswered write to the same row it follows,
    /// and the unanswered creates it depends on.
    static func append(_ write: QueuedWrite, in db: SQLiteConnection) throws -> QueuedWrite {
        var write = write
        if let edge = write.edgeId {
            write.follows = try db.first(
                "SELECT id FROM queue WHERE edge_id = ? AND verdict IS NULL ORDER BY position DESC LIMIT 1", edge)?
                .string("id")
        } else if let item = write.itemId {
            write.follows = try db.first(
                "SELECT id FROM queue WHERE item_id = ? AND edge_id IS NULL AND verdict IS NULL ORDER BY position DESC LIMIT 1",
                item
            )?.string("id")
        }
        for id in [write.itemId, write.targetId].compactMap({ $0 }) {
            if let create = try db.first(
                "SELECT id FROM queue WHERE verdict IS NULL AND kind = 'createItem' AND item_id = ? LIMIT 1", id)?
                .string("id"),
                create != write.id, !write.dependsOn.contains(create)
            {
                write.dependsOn.append(create)
            }
        }
        // The position is the row's key: SQLite numbers the new row one past the last.
        _ = try db.run(
            """
            INSERT INTO queue(id, kind, item_id, target_id, edge_id, namespace, tag, blob, base_version, idempotency_key,
                depends_on, follows, body, queued_at)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """,
            values: [
                write.id, write.kind.rawValue, write.itemId, write.targetId, write.edgeId, write.namespace,
                write.tag, write.blob,
                write.baseVersion, write.idempotencyKey, JSONText.encode(write.dependsOn), write.follows,
                JSONText.encode(write.body),
                write.queuedAt.timeIntervalSince1970,
            ])
        return write
    }

    /// Applies a write's local effect to the rows.
    static func apply(_ effect: LocalEffect, in db: SQLiteConnection) throws {
        switch effect {
        case .none: break
        case .item(let item):
            try CopyStoreRows.upsert(ItemRow(item), metadata: .tags, in: db)
        case .extensions(let id, let documents):
            _ = try db.run("UPDATE items SET extensions = ? WHERE id = ?", JSONText.encode(documents), id)
        case .edge(let edge): try CopyStoreRows.upsert(edge, in: db)
        case .deleteEdge(let id): _ = try db.run("DELETE FROM edges WHERE id = ?", id)
        }
    }
}

extension ItemRow {
    /// The row for an item the copy wrote itself.
    init(_ item: Item) {
        id = item.id
        type = item.type
        state = item.state.rawValue
        tier = item.tier?.rawValue
        version = item.version
        schemaVersion = item.schemaVersion
        source = item.source
        sourceId = item.sourceId
        occurredAt = item.occurredAt.timeIntervalSince1970
        createdAt = item.createdAt.timeIntervalSince1970
        updatedAt = item.updatedAt.timeIntervalSince1970
        properties = JSONText.encode(item.properties)
        tags = item.tags
        extensions = "{}"
        listed = true
    }
}
