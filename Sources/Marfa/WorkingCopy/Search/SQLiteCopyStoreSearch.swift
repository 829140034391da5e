import MarfaSQLite

/// Search answered from the store's full-text index.
extension SQLiteCopyStore {
    /// The hits of `request`, each with its item; the rows this store's writes left unindexed are
    /// indexed first.
    func search(_ request: SearchRequest) async throws -> [(item: Item, row: SearchRow)] {
        try await indexPending()
        let catalog = try await catalog()
        return try await read { db in
            try Self.refuseWhileFilling(db)
            let matcher = request.excerptMatcher
            return try CopySearchIndex.search(request, columns: CopyStoreRows.itemColumns, in: db).map { row in
                let item = CopyStoreRows.item(from: row.item, catalog: catalog)
                return (item, row.excerpting(item, catalog: catalog, matcher: matcher))
            }
        }
    }
}
