import Foundation
import MarfaSQLite

/// An item as the store writes it: the wire item's values, dates as seconds since 1970.
struct ItemRow: Sendable {
    var id: String
    var type: String
    var state: String
    var tier: String?
    var version: Int64
    var schemaVersion: Int
    var source: String
    var sourceId: String?
    var occurredAt: Double
    var createdAt: Double
    var updatedAt: Double
    var properties: String
    var tags: [String]
    var extensions: String
    var listed: Bool

    /// The row for a wire item and, when the answer carried it, its metadata.
    init(_ item: Components.Schemas.Item, metadata: Components.Schemas.ItemMetadata?, listed: Bool?) {
        id = item.id
        type = item._type
        state = item.state.rawValue
        tier = item.tier?.rawValue
        version = item.version
        schemaVersion = item.schemaVersion
        source = item.source
        sourceId = item.sourceId
        occurredAt = item.timestamp.timeIntervalSince1970
        createdAt = item.createdAt.timeIntervalSince1970
        updatedAt = item.updatedAt.timeIntervalSince1970
        properties = JSONText.encode(item.properties)
        tags = metadata?.tags ?? []
        extensions = JSONText.encode(metadata?.extensions ?? [:])
        self.listed = listed ?? true
    }
}

/// Reading and writing the store's rows: items, edges, tags, the catalog.
enum CopyStoreRows {
    static let itemColumns =
        "id, type, state, tier, version, schema_version, source, source_id, occurred_at, created_at, updated_at, properties, tags, extensions"

    /// What an upsert writes of an item's metadata over the row held.
    enum MetadataWrite {
        /// Tags and extensions.
        case all
        /// Tags only; the held extensions stay.
        case tags
        /// Neither; the held tags and extensions stay.
        case none
    }

    /// Writes `row` over any row with its id. `withMetadata` false keeps the held tags and extensions.
    static func upsert(_ row: ItemRow, withMetadata: Bool = true, in db: SQLiteConnection) throws {
        try upsert(row, metadata: withMetadata ? .all : .none, in: db)
    }

    /// Writes `row` over any row with its id, with as much of its metadata as `metadata` says.
    static func upsert(_ row: ItemRow, metadata: MetadataWrite, in db: SQLiteConnection) throws {
        let withMetadata = metadata != .none
        let extra =
            switch metadata {
            case .all: ", tags = excluded.tags, extensions = excluded.extensions"
            case .tags: ", tags = excluded.tags"
            case .none: ""
            }
        let statement = try db.cachedStatement(
            """
            INSERT INTO items(\(itemColumns), listed) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            ON CONFLICT(id) DO UPDATE SET type = excluded.type, state = excluded.state, tier = excluded.tier,
              version = excluded.version, schema_version = excluded.schema_version, source = excluded.source,
              source_id = excluded.source_id, occurred_at = excluded.occurred_at, created_at = excluded.created_at,
              updated_at = excluded.updated_at, properties = excluded.properties, listed = excluded.listed\(extra)
            """)
        defer { statement.reset() }
        try statement.bind([
            row.id, row.type, row.state, row.tier, row.version, row.schemaVersion, row.source, row.sourceId,
            row.occurredAt, row.createdAt, row.updatedAt, row.properties, JSONText.encode(row.tags), row.extensions,
            row.listed,
        ])
        _ = try statement.step()
        if withMetadata { try replaceTags(of: row.id, with: row.tags, in: db) }
    }

    /// Whether the row held for `row.id` already holds every column an upsert of `row` with
    /// `withMetadata` would write: such an upsert changes nothing and needn't be made (an item
    /// event echoing the answer to this copy's own write, say).
    static func holdsUnchanged(_ row: ItemRow, withMetadata: Bool, in db: SQLiteConnection) throws -> Bool {
        let metadata = withMetadata ? " AND tags IS ? AND extensions IS ?" : ""
        let statement = try db.cachedStatement(
            """
            SELECT 1 FROM items WHERE id = ? AND type IS ? AND state IS ? AND tier IS ? AND version IS ?
              AND schema_version IS ? AND source IS ? AND source_id IS ? AND occurred_at IS ? AND created_at IS ?
              AND updated_at IS ? AND properties IS ? AND listed IS ?\(metadata)
            """)
        defer { statement.reset() }
        var values: [any SQLiteBindable] = [
            row.id, row.type, row.state, row.tier, row.version, row.schemaVersion, row.source, row.sourceId,
            row.occurredAt, row.createdAt, row.updatedAt, row.properties, row.listed,
        ]
        if withMetadata { values += [JSONText.encode(row.tags), row.extensions] }
        try statement.bind(values)
        return try statement.step()
    }

    /// Replaces the tag index rows of one item.
    static func replaceTags(of id: String, with tags: [String], in db: SQLiteConnection) throws {
        _ = try db.run("DELETE FROM item_tags WHERE item_id = ?", id)
        let insert = try db.cachedStatement("INSERT OR IGNORE INTO item_tags(item_id, tag) VALUES (?, ?)")
        for tag in tags {
            defer { insert.reset() }
            try insert.bind([id, tag])
            _ = try insert.step()
        }
    }

    /// Removes an item with its tags and the edges it draws, keeping edges of `wholeEdgeTypes`.
    static func evict(_ id: String, keepingEdgesOf wholeEdgeTypes: Set<String>, in db: SQLiteConnection) throws {
        _ = try db.run("DELETE FROM items WHERE id = ?", id)
        _ = try db.run("DELETE FROM item_tags WHERE item_id = ?", id)
        let edges = try db.query("SELECT id, edge_type FROM edges WHERE source_id = ? OR target_id = ?", id, id)
        for edge in edges where !wholeEdgeTypes.contains(edge.string("edge_type") ?? "") {
            _ = try db.run("DELETE FROM edges WHERE id = ?", edge.string("id") ?? "")
        }
    }

    /// Writes a wire edge over any edge with its id.
    static func upsert(_ edge: Components.Schemas.Edge, in db: SQLiteConnection) throws {
        try upsert(
            Edge(
                id: edge.id, sourceId: edge.sourceId, targetId: edge.targetId, edgeType: edge.edgeType,
                properties: edge.properties,
                version: edge.version, createdAt: edge.createdAt, updatedAt: edge.updatedAt),
            in: db)
    }

    /// Writes a public edge over any edge with its id.
    static func upsert(_ edge: Edge, in db: SQLiteConnection) throws {
        _ = try db.run(
            "INSERT OR REPLACE INTO edges(id, source_id, target_id, edge_type, properties, version, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)",
            values: [
                edge.id, edge.sourceId, edge.targetId, edge.edgeType, JSONText.encode(edge.properties), edge.version,
                edge.createdAt.timeIntervalSince1970, edge.updatedAt.timeIntervalSince1970,
            ])
    }

    /// The item a row read with `itemColumns` holds, titled from `catalog`.
    static func item(from row: SQLiteRow, catalog: CopyCatalog) -> Item {
        let type = row.string("type") ?? ""
        let properties = JSONText.object(row.string("properties"))
        let display = catalog.display(type: type, properties: properties)
        return Item(
            id: row.string("id") ?? "", type: type, properties: properties,
            state: ItemState(rawValue: row.string("state") ?? "") ?? .active,
            tier: row.string("tier").flatMap(Tier.init(rawValue:)), version: row.int64("version") ?? 0,
            schemaVersion: row.int("schema_version") ?? 0, source: row.string("source") ?? "",
            sourceId: row.string("source_id"),
            occurredAt: Date(timeIntervalSince1970: row.double("occurred_at") ?? 0),
            createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0),
            updatedAt: Date(timeIntervalSince1970: row.double("updated_at") ?? 0),
            tags: JSONText.strings(row.string("tags")), title: display.title, body: display.body)
    }

    /// The edge a row of `edges` holds.
    static func edge(from row: SQLiteRow) -> Edge {
        Edge(
            id: row.string("id") ?? "", sourceId: row.string("source_id") ?? "",
            targetId: row.string("target_id") ?? "",
            edgeType: row.string("edge_type") ?? "", properties: JSONText.object(row.string("properties")),
            version: row.int64("version") ?? 0, createdAt: Date(timeIntervalSince1970: row.double("created_at") ?? 0),
            updatedAt: Date(timeIntervalSince1970: row.double("updated_at") ?? 0))
    }

    /// The catalog the store holds: the instance's types, else the app's declarations.
    static func catalog(in db: SQLiteConnection) throws -> CopyCatalog {
        let decoder = JSONDecoder()
        var itemTypes = try db.query("SELECT definition FROM item_types").compactMap { row in
            try? decoder.decode(Components.Schemas.ItemType.self, from: Data((row.string("definition") ?? "").utf8))
        }.map(WireCatalog.itemType)
        let edgeTypes = try db.query("SELECT definition FROM edge_types").compactMap { row in
            try? decoder.decode(CatalogEdgeType.self, from: Data((row.string("definition") ?? "").utf8))
        }.map(WireCatalog.edgeType)
        let declared = try declaredTypes(in: db).map(WireCatalog.itemType)
        let held = Set(itemTypes.map(\.id))
        itemTypes += declared.filter { !held.contains($0.id) }
        return CopyCatalog(ownItemTypes: itemTypes, edgeTypes: edgeTypes)
    }

    /// The app's declared types, in the order declared.
    static func declaredTypes(in db: SQLiteConnection) throws -> [Components.Schemas.TypeDefinitionInput] {
        let decoder = JSONDecoder()
        return try db.query("SELECT definition FROM declared_types ORDER BY position").compactMap { row in
            try? decoder.decode(
                Components.Schemas.TypeDefinitionInput.self, from: Data((row.string("definition") ?? "").utf8))
        }
    }
}
