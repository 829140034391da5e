import MarfaSQLite

/// Rows held outside the slice, by id.
extension SQLiteCopyStore {
    /// Whether the copy holds `id` in the bin.
    func holdsInBin(_ id: String) async throws(MarfaError) -> Bool {
        try await read { db in try db.first("SELECT 1 FROM items WHERE id = ? AND state = 'trashed'", id) != nil }
    }

    /// Pins `id` with the row read from the server; returns whether it was pinned already.
    func pin(_ id: String, detail: Components.Schemas.ItemDetail) async throws(MarfaError) -> Bool {
        let row = ItemRow(detail.item, metadata: detail.metadata, listed: detail.listed)
        return try await write { db in
            let was = try db.first("SELECT 1 FROM pins WHERE item_id = ?", id) != nil
            _ = try db.run("INSERT OR IGNORE INTO pins(item_id) VALUES (?)", id)
            try CopyStoreRows.upsert(row, in: db)
            try CopyStoreJournal.append(Change(origin: .refreshed(.pinned), itemId: id), in: db)
            return was
        }
    }

    /// Unpins `id`, evicting its row unless the slice holds it; returns whether it was pinned.
    func unpin(_ id: String) async throws(MarfaError) -> Bool {
        let catalog = try await heldCatalog()
        return try await write { db in
            guard try db.run("DELETE FROM pins WHERE item_id = ?", id) > 0 else { return false }
            let slice = try CopyStoreMeta.slice(in: db)
            if let row = try db.first("SELECT type, tier FROM items WHERE id = ?", id) {
                let tier = row.string("tier").flatMap(Tier.init(rawValue:))
                let inSlice = slice?.holds(type: row.string("type") ?? "", tier: tier, catalog: catalog) ?? false
                if !inSlice { try CopyStoreRows.evict(id, keepingEdgesOf: Set(slice?.edgeTypes ?? []), in: db) }
            }
            try CopyStoreJournal.append(Change(origin: .refreshed(.unpinned), itemId: id), in: db)
            return true
        }
    }
}
