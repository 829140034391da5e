import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The instance's event log: one row per change, written in the same transaction as the change,
/// with an id that only grows (ids survive restarts and cleanup). Followers of `GET /events` read
/// it; `LocalAPI.write` wakes them after each write commits.
enum EventLog {
    /// One stored event.
    struct Entry: Sendable {
        let id: Int64
        let type: String
        /// The item's type for item and metadata events, the source item's type for edge events.
        let itemType: String?
        /// The frame's JSON text, without `listed`.
        let frame: String

        init(row: SQLiteRow) {
            id = row.int64("id") ?? 0
            type = row.string("type") ?? ""
            itemType = row.string("item_type")
            frame = row.string("frame") ?? "{}"
        }
    }

    /// What a cascade adds to an item event (`Cascades`): on a delete or purge it made,
    /// `trashed_by_cascade` and `trashed_with`; `restored_with` on a restore that brought the row
    /// back with another; `purged_with` on a purge.
    struct CascadeMarks: Sendable {
        var trashedByCascade: Bool?
        var trashedWith: String?
        var restoredWith: String?
        var purgedWith: String?
    }

    /// An item, metadata or edge event's frame as stored.
    struct Frame: Encodable {
        let eventType: String
        var item: Components.Schemas.Item?
        var metadata: Components.Schemas.ItemMetadata?
        var edge: OpenAPIValue?
        var sourceType: String?
        var trashedByCascade: Bool?
        var trashedWith: String?
        var restoredWith: String?
        var purgedWith: String?

        enum CodingKeys: String, CodingKey {
            case eventType = "event_type", item, metadata, edge, sourceType = "source_type"
            case trashedByCascade = "trashed_by_cascade", trashedWith = "trashed_with", restoredWith = "restored_with"
            case purgedWith = "purged_with"
        }
    }

    /// Appends `item.<change>` (`created`, `updated`, `deleted`, `restored`, `purged`,
    /// `state_changed`) or `metadata.changed` for `item`, with a cascade's `marks`, at `date`;
    /// answers the new id.
    @discardableResult
    static func appendItem(
        _ type: String, _ item: ItemRecord, marks: CascadeMarks = .init(), at date: Date, in db: SQLiteConnection
    ) throws -> Int64 {
        let extensions = try ItemExtensions.all(of: item.id, in: db)
        let text = itemFrame(type, item, extensions: extensions, marks: marks)
        return try append(type, itemType: item.type, itemID: item.id, text: text, at: date, in: db)
    }

    /// The frame of an item event as `Frame` encodes it (members in declaration order, the item
    /// and its metadata in schema order, unset marks left out), written from the record at once.
    static func itemFrame(
        _ type: String, _ item: ItemRecord, extensions: OpenAPIObject, marks: CascadeMarks
    ) -> String {
        var text = ItemJSONText(sorted: false)
        text.object { text, first in
            text.key("event_type", first: &first)
            text.value(.string(type))
            text.key("item", first: &first)
            text.item(item)
            text.key("metadata", first: &first)
            text.metadata(of: item, extensions: extensions)
            let flags: [(String, OpenAPIValue?)] = [
                ("trashed_by_cascade", marks.trashedByCascade.map { .bool($0) }),
                ("trashed_with", marks.trashedWith.map { .string($0) }),
                ("restored_with", marks.restoredWith.map { .string($0) }),
                ("purged_with", marks.purgedWith.map { .string($0) }),
            ]
            for case (let name, let value?) in flags {
                text.key(name, first: &first)
                text.value(value)
            }
        }
        return String(decoding: text.bytes, as: UTF8.self)
    }

    /// Appends `edge.<change>` for `edge` (its JSON), drawn from an item of `sourceType`, at `date`.
    @discardableResult
    static func appendEdge(
        _ type: String, edge: OpenAPIValue, sourceType: String, purgedWith: String? = nil, at date: Date,
        in db: SQLiteConnection
    ) throws -> Int64 {
        let frame = Frame(eventType: type, edge: edge, sourceType: sourceType, purgedWith: purgedWith)
        let text = String(decoding: try JSONCoding.encode(frame), as: UTF8.self)
        return try append(type, itemType: sourceType, itemID: nil, text: text, at: date, in: db)
    }

    private static func append(
        _ type: String, itemType: String?, itemID: String?, text: String, at date: Date, in db: SQLiteConnection
    ) throws -> Int64 {
        try db.run(
            "INSERT INTO events (type, item_type, item_id, frame, created_at) VALUES (?, ?, ?, ?, ?)", type, itemType,
            itemID, text, date.stored)
        return db.lastInsertRowID
    }

    /// The highest id ever issued (0 on an empty log); cleanup never lowers it.
    static func head(in db: SQLiteConnection) throws -> Int64 {
        try db.first("SELECT seq FROM sqlite_sequence WHERE name = 'events'")?.int64("seq") ?? 0
    }

    /// The oldest id still kept, nil when the log holds none.
    static func oldestRetained(in db: SQLiteConnection) throws -> Int64? {
        try db.first("SELECT MIN(id) AS id FROM events")?.int64("id")
    }

    /// Up to `limit` events after `id` and at most `through`, oldest first.
    static func entries(after id: Int64, through: Int64 = .max, limit: Int, in db: SQLiteConnection) throws -> [Entry] {
        try db.query(
            "SELECT id, type, item_type, frame FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ?", id, through,
            limit
        )
        .map(Entry.init(row:))
    }

    /// Deletes events written before `cutoff`, never the newest; answers how many went.
    static func retire(before cutoff: Double, in db: SQLiteConnection) throws -> Int {
        try db.run("DELETE FROM events WHERE created_at < ? AND id < (SELECT MAX(id) FROM events)", cutoff)
    }
}
