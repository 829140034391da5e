import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// An item's extension namespaces: one JSON object per namespace, stored beside the item.
enum ItemExtensions {
    /// Every namespace of item `itemID`, by name.
    static func all(of itemID: String, in db: SQLiteConnection) throws -> OpenAPIObject {
        var result: OpenAPIObject = [:]
        for row in try db.query(
            "SELECT namespace, data FROM item_extensions WHERE item_id = ? ORDER BY namespace", itemID)
        {
            result[row.string("namespace") ?? ""] = try StoredJSON.decode(OpenAPIValue.self, row.string("data"))
        }
        return result
    }

    /// Namespace `namespace` of item `itemID`, nil when not set.
    static func get(_ namespace: String, of itemID: String, in db: SQLiteConnection) throws -> OpenAPIValue? {
        try db.first("SELECT data FROM item_extensions WHERE item_id = ? AND namespace = ?", itemID, namespace)
            .map { try StoredJSON.decode(OpenAPIValue.self, $0.string("data")) }
    }

    /// Replaces namespace `namespace` of item `itemID` with `data`, stamped `date`; nil deletes it.
    static func set(
        _ namespace: String, of itemID: String, to data: OpenAPIValue?, at date: Date, in db: SQLiteConnection
    ) throws {
        if let data {
            try db.run(
                """
                INSERT INTO item_extensions (item_id, namespace, data, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (item_id, namespace) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """, itemID, namespace, try StoredJSON.encode(data), date.stored)
        } else {
            try db.run("DELETE FROM item_extensions WHERE item_id = ? AND namespace = ?", itemID, namespace)
        }
    }

    /// The metadata record of `item`: its tags and every extension namespace.
    static func metadata(of item: ItemRecord, in db: SQLiteConnection) throws -> Components.Schemas.ItemMetadata {
        .init(itemId: item.id, tags: item.tags, extensions: try all(of: item.id, in: db))
    }

    /// `item` with its metadata record, extensions included.
    static func envelope(of item: ItemRecord, in db: SQLiteConnection) throws -> Components.Schemas.ItemEnvelope {
        .init(item: item.wire, metadata: try metadata(of: item, in: db))
    }
}
