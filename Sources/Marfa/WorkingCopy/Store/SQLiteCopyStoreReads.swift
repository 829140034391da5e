import Foundation
import MarfaSQLite

/// The engine's reads and the app's declarations, answered from the store.
extension SQLiteCopyStore {
    func status() async throws -> WorkingCopy.Status {
        try await read { db in
            let hydration = try CopyStoreMeta.hydration(in: db)
            let slice = try CopyStoreMeta.slice(in: db)
            return WorkingCopy.Status(
                serverOrigin: try CopyStoreMeta.get(CopyStoreMeta.origin, in: db),
                instanceId: try CopyStoreMeta.get(CopyStoreMeta.instanceID, in: db), sliceTypes: slice?.types ?? [],
                sliceTier: slice?.tier, sliceEdgeTypes: slice?.edgeTypes ?? [],
                pinned: try db.query("SELECT item_id FROM pins ORDER BY item_id").compactMap { $0.string("item_id") },
                eventCursor: try CopyStoreMeta.get(CopyStoreMeta.cursor, in: db), hydration: hydration,
                expiredReason: hydration == .expired ? try CopyStoreMeta.get(CopyStoreMeta.expiredReason, in: db) : nil,
                items: Int(try db.first("SELECT count(*) FROM items")?[0].integer ?? 0),
                edges: Int(try db.first("SELECT count(*) FROM edges")?[0].integer ?? 0),
                catalogVersion: try CopyStoreMeta.get(CopyStoreMeta.catalogVersion, in: db).flatMap(UInt64.init),
                changePosition: try CopyStoreJournal.head(in: db),
                unsent: Int(try db.first("SELECT count(*) FROM queue WHERE verdict IS NULL")?[0].integer ?? 0)
                    + (try ParkedWrites.ids(in: db).count))
        }
    }

    func sliceTier() async throws -> SliceTier? {
        if let cached = cachedSliceTier.withLock({ $0 }) { return cached }
        let tier = try await read { db in
            try CopyStoreMeta.get(CopyStoreMeta.sliceTier, in: db).flatMap(SliceTier.init(rawValue:))
        }
        cachedSliceTier.withLock { $0 = .some(tier) }
        return tier
    }

    func items(_ query: ItemQuery) async throws -> [Item] {
        let catalog = try await catalog()
        return try await read { db in
            try Self.refuseWhileFilling(db)
            let (sql, values) = Self.listing(query)
            var items = try db.query(sql, values: values).map { CopyStoreRows.item(from: $0, catalog: catalog) }
            guard !query.conditions.isEmpty else { return items }
            items = items.filter { item in query.conditions.allSatisfy { $0.holds(for: item.properties) } }
            let start = min(query.offset, items.count)
            let end = query.limit.map { min(items.count, start + $0) } ?? items.count
            return Array(items[start..<end])
        }
    }

    /// The id, type and version of each item `query` asks for, read from their columns alone
    /// (no item's properties are decoded) unless the query has conditions on properties.
    func itemVersions(_ query: ItemQuery) async throws -> [ItemVersion] {
        guard query.conditions.isEmpty else {
            return try await items(query).map(ItemVersion.init)
        }
        return try await read { db in
            try Self.refuseWhileFilling(db)
            let (sql, values) = Self.listing(query, columns: "id, type, version")
            return try db.query(sql, values: values).map {
                ItemVersion(id: $0.string("id") ?? "", type: $0.string("type") ?? "", version: $0.int64("version") ?? 0)
            }
        }
    }

    func item(_ id: String) async throws -> Item? {
        let catalog = try await catalog()
        return try await read { db in
            try Self.refuseWhileFilling(db)
            return try db.first("SELECT \(CopyStoreRows.itemColumns) FROM items WHERE id = ?", id)
                .map { CopyStoreRows.item(from: $0, catalog: catalog) }
        }
    }

    func edges(_ selection: EdgeSelection) async throws -> [Edge] {
        try await read { db in
            try Self.refuseWhileFilling(db)
            let rows: [SQLiteRow]
            switch selection {
            case .from(let id):
                rows = try db.query("SELECT * FROM edges WHERE source_id = ? ORDER BY created_at, id", id)
            case .to(let id): rows = try db.query("SELECT * FROM edges WHERE target_id = ? ORDER BY created_at, id", id)
            case .ofType(let type):
                rows = try db.query("SELECT * FROM edges WHERE edge_type = ? ORDER BY created_at, id", type)
            }
            return rows.map(CopyStoreRows.edge(from:))
        }
    }

    func edge(_ id: String) async throws -> Edge? {
        try await read { db in try db.first("SELECT * FROM edges WHERE id = ?", id).map(CopyStoreRows.edge(from:)) }
    }

    func extensions(of id: String) async throws -> JSONObject? {
        try await read { db in
            try Self.refuseWhileFilling(db)
            return try db.first("SELECT extensions FROM items WHERE id = ?", id).map {
                JSONText.object($0.string("extensions"))
            }
        }
    }

    func declaredTypes() async throws -> [Components.Schemas.TypeDefinitionInput] {
        try await read { db in try CopyStoreRows.declaredTypes(in: db) }
    }

    func declareTypes(_ types: [Components.Schemas.TypeDefinitionInput]) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let rows = try types.map { ($0.id, String(decoding: try encoder.encode($0), as: UTF8.self)) }
        try await write { db in
            _ = try db.run("DELETE FROM declared_types")
            for (position, row) in rows.enumerated() {
                _ = try db.run(
                    "INSERT INTO declared_types(position, id, definition) VALUES (?, ?, ?)", position, row.0, row.1)
            }
            try CopySearchIndex.setDisplays(from: try CopyStoreRows.catalog(in: db), in: db)
            try CopyStoreJournal.append(Change(origin: .refreshed(.catalog)), in: db)
        }
        catalogChanged()
    }

    func journal(after position: Int64, most: Int) async throws -> [JournaledChange] {
        try await read { db in try CopyStoreJournal.entries(after: position, most: most, in: db) }
    }

    /// `hydrationIncomplete` while a hydration runs or after one was interrupted.
    static func refuseWhileFilling(_ db: SQLiteConnection) throws {
        if try CopyStoreMeta.hydration(in: db) == .inProgress { throw WorkingCopy.hydrationIncompleteError }
    }

    /// The SQL of a listing, conditions on properties left to the caller.
    static func listing(
        _ query: ItemQuery, columns: String = CopyStoreRows.itemColumns
    ) -> (String, [any SQLiteBindable]) {
        var conditions: [String] = []
        var values: [any SQLiteBindable] = []
        if let types = query.types {
            conditions.append("type IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(types.sorted()))
        }
        if let states = query.states {
            conditions.append("state IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(states.map(\.rawValue).sorted()))
        }
        if let tier = query.tier {
            conditions.append(tier == .library ? "coalesce(tier, 'library') = 'library'" : "tier = ?")
            if tier != .library { values.append(tier.rawValue) }
        }
        if let after = query.occurredAfter {
            conditions.append("occurred_at >= ?")
            values.append(after.timeIntervalSince1970)
        }
        if let before = query.occurredBefore {
            conditions.append("occurred_at <= ?")
            values.append(before.timeIntervalSince1970)
        }
        if !query.tags.isEmpty {
            conditions.append(
                "id IN (SELECT item_id FROM item_tags WHERE tag IN (SELECT value FROM json_each(?)) GROUP BY item_id HAVING count(*) = ?)"
            )
            values.append(JSONText.encode(Array(Set(query.tags)).sorted()))
            values.append(Set(query.tags).count)
        }
        if let ids = query.ids {
            conditions.append("id IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(ids.sorted()))
        }
        let column =
            switch query.sort.field {
            case .createdAt: "created_at"
            case .updatedAt: "updated_at"
            case .occurredAt: "occurred_at"
            }
        let direction = query.sort.direction == .ascending ? "ASC" : "DESC"
        var sql = "SELECT \(columns) FROM items"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY \(column) \(direction), id \(direction)"
        if query.conditions.isEmpty {
            sql += " LIMIT ? OFFSET ?"
            values.append(query.limit ?? -1)
            values.append(query.offset)
        }
        return (sql, values)
    }
}
