import MarfaSQLite

/// How a search finds the rows written but not yet indexed (those `search_pending` notes): their
/// four texts, read from `items` with the search's filters, are indexed in a scratch FTS5 table
/// in memory with the copy's tokenizer, and the search's expression runs there, so they match
/// exactly as indexed rows do. Their `bm25` is weighed over themselves alone, so their place among
/// the indexed hits is close to, not always the same as, the place indexing gives them; the
/// writer indexes them within moments, and the store's own searches index them first.
enum UnindexedSearch {
    /// `indexed` (the index's hits of `request`, in its order, waiting rows left out) with the
    /// waiting rows that match merged in: by rank (an indexed hit first on a tie), or newest
    /// first for `newest`; at most `request.limit`.
    static func merged(
        _ indexed: [(hit: Int64, rank: Double)], request: SearchRequest, in db: SQLiteConnection
    ) throws -> [(hit: Int64, rank: Double)] {
        let waiting = try hits(request, in: db)
        guard !waiting.isEmpty else { return indexed }
        var merged: [(hit: Int64, rank: Double)] = []
        merged.reserveCapacity(indexed.count + waiting.count)
        var (left, right) = (indexed[...], waiting[...])
        while let next = left.first, let other = right.first {
            let takeOther = request.order == .newest ? other.hit > next.hit : other.rank < next.rank
            merged.append(takeOther ? right.removeFirst() : left.removeFirst())
        }
        merged += left
        merged += right
        return Array(merged.prefix(request.limit))
    }

    /// The waiting rows that `request` finds, in its order, with their ranks among themselves.
    static func hits(_ request: SearchRequest, in db: SQLiteConnection) throws -> [(hit: Int64, rank: Double)] {
        let (conditions, values) = CopySearchIndex.filter(for: request)
        let select = CopySearchIndex.textSelect(row: "items", leading: " items.id,")
        let rows = try db.query(
            "\(select) WHERE items.rowid IN (SELECT rowid FROM search_pending) AND \(conditions.joined(separator: " AND "))",
            values: values)
        guard !rows.isEmpty else { return [] }
        let scratch = try SQLiteConnection(path: ":memory:")
        defer { scratch.close() }
        let table = CopySearchIndex.table
        try scratch.execute("CREATE TABLE ids(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL); \(table.createTableSQL)")
        let columns = table.columns.joined(separator: ", ")
        for row in rows {
            _ = try scratch.run("INSERT INTO ids(rowid, id) VALUES (?, ?)", values: Array(row.values.prefix(2)))
            _ = try scratch.run(
                "INSERT INTO item_search(rowid, \(columns)) VALUES (?, ?, ?, ?, ?)",
                values: [row.values[0]] + Array(row.values.dropFirst(2)))
        }
        let rank = request.order == .newest ? "0.0" : "bm25(item_search, \(CopySearchIndex.weights))"
        let order = request.order == .newest ? "item_search.rowid DESC" : "rank, ids.id"
        return try scratch.query(
            """
            SELECT item_search.rowid AS hit, \(rank) AS rank FROM item_search JOIN ids ON ids.rowid = item_search.rowid
            WHERE item_search MATCH ? ORDER BY \(order) LIMIT ?
            """, request.query.expression, request.limit
        ).map { ($0.int64("hit") ?? 0, $0.double("rank") ?? 0) }
    }
}
