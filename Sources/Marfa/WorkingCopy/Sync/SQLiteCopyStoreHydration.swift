import Foundation
import MarfaSQLite

/// What a finished hydration records beside its rows.
struct HydratedPosition: Sendable {
    var origin: String
    var instanceID: String?
    var cursor: String
    var readView: String?
    var slice: CopySlice
}

/// The store's side of a hydration: clear, catalog, pages, edges, pins, finish.
extension SQLiteCopyStore {
    /// Marks a hydration running (reads are refused until one finishes) and clears the slice,
    /// keeping pinned rows, the queue and the declarations.
    func beginHydration() async throws(MarfaError) {
        try await write { db in
            try CopyStoreMeta.set(CopyStoreMeta.hydration, WorkingCopy.Hydration.inProgress.rawValue, in: db)
            try CopySearchIndex.deferIndexing(in: db)
            try CopyStoreMeta.set(CopyStoreMeta.expiredReason, nil, in: db)
            _ = try db.run("DELETE FROM items WHERE id NOT IN (SELECT item_id FROM pins)")
            _ = try db.run("DELETE FROM item_tags WHERE item_id NOT IN (SELECT item_id FROM pins)")
            _ = try db.run("DELETE FROM edges")
        }
    }

    /// Replaces the instance's catalog; returns whether it changed, and moves the catalog version
    /// when it did.
    @discardableResult
    func replaceCatalog(
        itemTypes: [Components.Schemas.ItemType], edgeTypes: [CatalogEdgeType]
    ) async throws(MarfaError)
        -> Bool
    {
        let encoder = JSONCoding.makeEncoder()
        let items = itemTypes.map { ($0.id, String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self)) }
        let edges = edgeTypes.map { ($0.wire.id, String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self)) }
        let changed = try await write { db -> Bool in
            let heldItems = try Self.definitions(in: "item_types", db)
            let heldEdges = try Self.definitions(in: "edge_types", db)
            let newItems = Dictionary(items, uniquingKeysWith: { $1 })
            let newEdges = Dictionary(edges, uniquingKeysWith: { $1 })
            guard heldItems != newItems || heldEdges != newEdges else { return false }
            _ = try db.run("DELETE FROM item_types")
            _ = try db.run("DELETE FROM edge_types")
            for (id, definition) in newItems {
                _ = try db.run("INSERT INTO item_types(id, definition) VALUES (?, ?)", id, definition)
            }
            for (id, definition) in newEdges {
                _ = try db.run("INSERT INTO edge_types(id, definition) VALUES (?, ?)", id, definition)
            }
            try CopyStoreMeta.bumpCatalogVersion(in: db)
            try CopySearchIndex.setDisplays(from: try CopyStoreRows.catalog(in: db), in: db)
            try CopyStoreJournal.append(Change(origin: .refreshed(.catalog)), in: db)
            return true
        }
        if changed { catalogChanged() }
        return changed
    }

    private static func definitions(in table: String, _ db: SQLiteConnection) throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try db.query("SELECT id, definition FROM \(table)") {
            result[row.string("id") ?? ""] = row.string("definition")
        }
        return result
    }

    /// Stores one page of items with their metadata.
    func store(page envelopes: [Components.Schemas.ItemEnvelope]) async throws(MarfaError) {
        let rows = envelopes.map { ItemRow($0.item, metadata: $0.metadata, listed: $0.listed) }
        try await write { db in
            for row in rows { try CopyStoreRows.upsert(row, in: db) }
        }
    }

    /// Stores the edges of `edges` that the copy holds: those of a type held whole and those with
    /// an end the copy holds. Returns how many it stored.
    func store(edges: [Components.Schemas.Edge], wholeTypes: Set<String>) async throws(MarfaError) -> Int {
        try await write { db in
            var stored = 0
            for edge in edges {
                let held =
                    try wholeTypes.contains(edge.edgeType) || Self.holds(edge.sourceId, db)
                    || Self.holds(edge.targetId, db)
                guard held else { continue }
                try CopyStoreRows.upsert(edge, in: db)
                stored += 1
            }
            return stored
        }
    }

    static func holds(_ id: String, _ db: SQLiteConnection) throws -> Bool {
        let statement = try db.cachedStatement("SELECT 1 FROM items WHERE id = ?")
        defer { statement.reset() }
        try statement.bind([id])
        return try statement.step()
    }

    /// The pinned ids.
    func pinnedIDs() async throws(MarfaError) -> [String] {
        try await read { db in
            try db.query("SELECT item_id FROM pins ORDER BY item_id").compactMap { $0.string("item_id") }
        }
    }

    /// Records a finished hydration: where the copy stands, the slice it holds, reads allowed.
    /// Its rows are indexed after it, in the writer's batches (`indexPending`), so the hydration
    /// returns once they are stored; a search waits for the index.
    func finishHydration(_ position: HydratedPosition) async throws(MarfaError) {
        try await write { db in
            try CopyStoreMeta.set(CopyStoreMeta.origin, position.origin, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.instanceID, position.instanceID, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.cursor, position.cursor, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.readView, position.readView, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.sliceTypes, JSONText.encode(position.slice.types), in: db)
            try CopyStoreMeta.set(CopyStoreMeta.sliceTier, position.slice.tier.rawValue, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.sliceEdgeTypes, JSONText.encode(position.slice.edgeTypes), in: db)
            try CopySearchIndex.indexAll(in: db)
            try CopyStoreMeta.set(CopyStoreMeta.hydration, WorkingCopy.Hydration.complete.rawValue, in: db)
            try CopyStoreJournal.append(Change(origin: .refreshed(.hydrated)), in: db)
        }
        cachedSliceTier.withLock { $0 = nil }
    }

    /// Binds the store to `origin` when it is bound to none; returns the origin it is bound to.
    func bind(origin: String) async throws(MarfaError) -> String {
        if handle == .reader {
            return try await read { db in try CopyStoreMeta.get(CopyStoreMeta.origin, in: db) ?? origin }
        }
        return try await write { db in
            if let held = try CopyStoreMeta.get(CopyStoreMeta.origin, in: db) { return held }
            try CopyStoreMeta.set(CopyStoreMeta.origin, origin, in: db)
            return origin
        }
    }
}
