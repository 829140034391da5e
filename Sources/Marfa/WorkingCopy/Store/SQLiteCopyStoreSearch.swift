import MarfaSQLite

/// Search answered from the store's full-text index.
extension SQLiteCopyStore {
    func search(_ request: SearchRequest) async throws -> [(item: Item, row: SearchRow)] {
        let catalog = try await catalog()
        return try await read { db in
            try Self.refuseWhileFilling(db)
            return try CopySearchIndex.search(request, in: db).compactMap { row in
                try db.first("SELECT \(CopyStoreRows.itemColumns) FROM items WHERE id = ?", row.itemId)
                    .map { (CopyStoreRows.item(from: $0, catalog: catalog), row) }
            }
        }
    }
}
