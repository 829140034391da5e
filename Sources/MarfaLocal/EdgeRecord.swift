import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// An edge as stored: one row of `edges`.
struct EdgeRecord: Sendable {
    var seq: Int64 = 0
    var id: String
    var edgeType: String
    var sourceID: String
    var targetID: String
    var properties: OpenAPIObject
    var version: Int64
    var createdAt: Date
    var updatedAt: Date

    init(
        id: String, edgeType: String, sourceID: String, targetID: String, properties: OpenAPIObject, now: Date
    ) {
        self.id = id
        self.edgeType = edgeType
        self.sourceID = sourceID
        self.targetID = targetID
        self.properties = properties
        self.version = 1
        self.createdAt = now
        self.updatedAt = now
    }

    init(row: SQLiteRow) throws {
        seq = row.int64("seq") ?? 0
        id = row.string("id") ?? ""
        edgeType = row.string("edge_type") ?? ""
        sourceID = row.string("source_id") ?? ""
        targetID = row.string("target_id") ?? ""
        properties = try StoredJSON.decode(OpenAPIObject.self, row.string("properties"))
        version = row.int64("version") ?? 1
        createdAt = Date(stored: row.double("created_at"))
        updatedAt = Date(stored: row.double("updated_at"))
    }

    static func find(id: String, in db: SQLiteConnection) throws -> EdgeRecord? {
        try db.first("SELECT * FROM edges WHERE id = ?", id).map(EdgeRecord.init(row:))
    }

    mutating func insert(in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT INTO edges (id, edge_type, source_id, target_id, properties, version, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, id, edgeType, sourceID, targetID, try StoredJSON.encode(properties), version, createdAt.stored,
            updatedAt.stored)
        seq = db.lastInsertRowID
    }

    func update(in db: SQLiteConnection) throws {
        try db.run(
            "UPDATE edges SET properties = ?, version = ?, updated_at = ? WHERE id = ?",
            try StoredJSON.encode(properties), version,
            updatedAt.stored, id)
    }

    func delete(in db: SQLiteConnection) throws {
        try db.run("DELETE FROM edges WHERE id = ?", id)
    }

    var wire: Components.Schemas.Edge {
        .init(
            id: id, spaceId: .null, sourceId: sourceID, targetId: targetID, edgeType: edgeType, properties: properties,
            createdAt: createdAt, updatedAt: updatedAt, version: version)
    }

    /// The edge as JSON, for event frames and conflicts.
    var json: OpenAPIValue {
        (try? JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(wire))) ?? .null
    }
}
