import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// An item as stored: one row of `items`, its tags in the same row.
struct ItemRecord: Sendable {
    var seq: Int64 = 0
    var id: String
    var type: String
    var properties: OpenAPIObject
    var state: String
    var tier: String
    var version: Int64
    var source: String
    var sourceID: String?
    var device: String?
    var captureLatitude: Double?
    var captureLongitude: Double?
    var timestamp: Date
    var createdAt: Date
    var updatedAt: Date
    var tags: [String]
    var orphaned: Bool
    /// The item whose delete took this one to the bin along a `cascade` edge type (`Cascades`).
    var trashedWith: String?

    init(
        id: String, type: String, properties: OpenAPIObject, state: String, tier: String, source: String,
        sourceID: String?, timestamp: Date, now: Date, tags: [String]
    ) {
        self.id = id
        self.type = type
        self.properties = properties
        self.state = state
        self.tier = tier
        self.version = 1
        self.source = source
        self.sourceID = sourceID
        self.timestamp = timestamp
        self.createdAt = now
        self.updatedAt = now
        self.tags = tags
        self.orphaned = false
    }

    /// The columns of `items` in the table's order, as `SELECT *` answers them.
    static let tableColumns = [
        "seq", "id", "type", "properties", "state", "tier", "version", "source", "source_id", "device",
        "capture_latitude", "capture_longitude", "timestamp", "created_at", "updated_at", "tags", "orphaned",
        "trashed_with",
    ]

    /// The item of a row holding `items` columns: read by position when the row has the table's
    /// columns in order (a listing reads thousands), else by name.
    init(row: SQLiteRow) throws {
        let positional = row.columns == Self.tableColumns
        func column(_ index: Int) -> SQLiteValue { positional ? row[index] : row[Self.tableColumns[index]] }
        seq = column(0).integer ?? 0
        id = column(1).text ?? ""
        type = column(2).text ?? ""
        properties = try StoredJSON.decode(OpenAPIObject.self, column(3).text)
        state = column(4).text ?? "active"
        tier = column(5).text ?? "library"
        version = column(6).integer ?? 1
        source = column(7).text ?? ""
        sourceID = column(8).text
        device = column(9).text
        captureLatitude = column(10).real
        captureLongitude = column(11).real
        timestamp = Date(stored: column(12).real)
        createdAt = Date(stored: column(13).real)
        updatedAt = Date(stored: column(14).real)
        tags = try StoredJSON.decode([String].self, column(15).text)
        orphaned = column(16).integer.map { $0 != 0 } ?? false
        trashedWith = column(17).text
    }

    /// Every type some stored item has, read by walking `items_type` from one type to the next
    /// (one index seek per type, not one step per item).
    static func storedTypes(in db: SQLiteConnection) throws -> Set<String> {
        Set(
            try db.fetchValues(
                String.self,
                """
                WITH RECURSIVE stored (type) AS (
                    SELECT min(type) FROM items
                    UNION ALL
                    SELECT (SELECT min(type) FROM items WHERE type > stored.type) FROM stored WHERE stored.type IS NOT NULL)
                SELECT type FROM stored WHERE type IS NOT NULL
                """))
    }

    /// The condition (and its values) keeping the items of `types`: none at all when `types`
    /// holds every type of `stored`, so an ordered listing can walk its index in order and stop.
    static func typeCondition(_ types: Set<String>, stored: Set<String>, column: String = "type") -> (String?, [String])
    {
        if types.isEmpty { return ("0", []) }
        if stored.isSubset(of: types) { return (nil, []) }
        let list = types.sorted()
        return ("\(column) IN (\(list.map { _ in "?" }.joined(separator: ", ")))", list)
    }

    static func find(id: String, in db: SQLiteConnection) throws -> ItemRecord? {
        try db.first("SELECT * FROM items WHERE id = ?", id).map(ItemRecord.init(row:))
    }

    static func find(source: String, sourceID: String, in db: SQLiteConnection) throws -> ItemRecord? {
        try db.first("SELECT * FROM items WHERE source = ? AND source_id = ?", source, sourceID).map(
            ItemRecord.init(row:))
    }

    private var columnValues: [any SQLiteBindable] {
        get throws {
            [
                type, try StoredJSON.encode(properties), state, tier, version, source, sourceID, device,
                captureLatitude,
                captureLongitude, timestamp.stored, createdAt.stored, updatedAt.stored, try StoredJSON.encode(tags),
                orphaned,
                trashedWith, id,
            ]
        }
    }

    /// Inserts the item and its search text; sets `seq`.
    mutating func insert(in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT INTO items (type, properties, state, tier, version, source, source_id, device, capture_latitude,
                capture_longitude, timestamp, created_at, updated_at, tags, orphaned, trashed_with, id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, values: try columnValues)
        seq = db.lastInsertRowID
        try ItemSearchIndex.store(self, seq: seq, in: db)
    }

    /// Rewrites the item's row and its search text.
    func update(in db: SQLiteConnection) throws {
        try db.run(
            """
            UPDATE items SET type = ?, properties = ?, state = ?, tier = ?, version = ?, source = ?, source_id = ?,
                device = ?, capture_latitude = ?, capture_longitude = ?, timestamp = ?, created_at = ?, updated_at = ?,
                tags = ?, orphaned = ?, trashed_with = ? WHERE id = ?
            """, values: try columnValues)
        let stored = seq > 0 ? seq : try db.fetchValue(Int64.self, "SELECT seq FROM items WHERE id = ?", id)
        if let stored { try ItemSearchIndex.store(self, seq: stored, in: db) }
    }

    /// Stores the item as it is now, before a write by `writer` replaces it.
    func snapshot(by writer: Components.Schemas.Writer?, at now: Date, in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT OR REPLACE INTO item_snapshots (item_id, version, type, tier, properties, occurred_at, source_id, device,
                writer_kind, writer_id, writer_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, id, version, type, tier, try StoredJSON.encode(properties), timestamp.stored, sourceID, device,
            writer?.kind.rawValue, writer?.id, writer?.name, now.stored)
    }

    var wire: Components.Schemas.Item {
        Components.Schemas.Item(
            id: id, _type: type, properties: properties, state: .init(rawValue: state), tier: .init(rawValue: tier),
            version: version, schemaVersion: 1, source: source, sourceId: sourceID, orphaned: orphaned ? true : nil,
            device: device, captureLatitude: captureLatitude, captureLongitude: captureLongitude, timestamp: timestamp,
            createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The item as JSON, for `current` and `ancestor` in conflicts.
    var json: OpenAPIValue {
        (try? JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(wire))) ?? .null
    }
}

/// A snapshot row as the contract shows it.
enum SnapshotRow {
    static func wire(_ row: SQLiteRow) throws -> Components.Schemas.ItemSnapshot {
        let writer: Nullable<Components.Schemas.Writer> =
            row.string("writer_kind").map {
                .value(.init(kind: .init(rawValue: $0), id: row.string("writer_id"), name: row.string("writer_name")))
            } ?? .null
        let version = row.int64("version") ?? 0
        let itemID = row.string("item_id") ?? ""
        return Components.Schemas.ItemSnapshot(
            version: version, _type: row.string("type") ?? "", tier: row.string("tier").map { .init(rawValue: $0) },
            properties: try StoredJSON.decode(OpenAPIObject.self, row.string("properties")),
            occurredAt: Date(stored: row.double("occurred_at")),
            sourceId: row.string("source_id").map { .value($0) } ?? .null,
            writer: writer, createdAt: Date(stored: row.double("created_at")), id: "\(itemID)@\(version)",
            itemId: itemID,
            device: row.string("device"))
    }
}
