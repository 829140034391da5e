import MarfaSQLite

/// A checked search, as engines answer it: every type it may hold spelled out.
package struct SearchRequest: Sendable, Hashable {
    package var query: FTS5Query
    /// The type ids an item may have; nil for any.
    package var types: Set<String>?
    /// The states an item may be in (never `trashed`).
    package var states: Set<ItemState>
    package var tags: [String]
    /// The ids an item must be among; nil for any.
    package var ids: Set<String>?
    package var limit: Int

    package init(query: FTS5Query, types: Set<String>?, states: Set<ItemState>, tags: [String], ids: Set<String>?, limit: Int) {
        self.query = query
        self.types = types
        self.states = states
        self.tags = tags
        self.ids = ids
        self.limit = limit
    }
}

/// One row a search found: the item's id, its score (higher is better), its marked excerpt, and
/// the columns of its `items` row named in the search's `columns`.
package struct SearchRow: Sendable, Hashable {
    package var itemId: String
    package var score: Double
    package var excerpt: String
    package var item: SQLiteRow
}

extension CopySearchIndex {
    /// How many matching items a search whose last word is a prefix ranks at most: the newest
    /// ones stored. A prefix of a few letters begins words in a large part of a big copy, and
    /// ranking every one costs tens of milliseconds a keystroke; once the word is finished (or
    /// fewer items match), every match is ranked.
    package static let prefixRankingBound = 1000

    /// The rows `request` finds, best first (ties by id), from the index in `db`, each with the
    /// `items` columns listed in `columns` (comma-separated, unqualified). Two statements: the
    /// best rows ranked without excerpts, then an excerpt for those rows alone.
    package static func search(_ request: SearchRequest, columns: String = "id", in db: SQLiteConnection) throws -> [SearchRow] {
        var (conditions, values) = filter(for: request)
        if request.query.lastWordIsPrefix, let oldest = try oldestRanked(conditions: conditions, values: values, in: db) {
            conditions.append("item_search.rowid >= ?")
            values.append(oldest)
        }
        let sql = """
            SELECT item_search.rowid AS hit, bm25(item_search, \(weights)) AS rank
            FROM item_search JOIN items ON items.rowid = item_search.rowid
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY rank, items.id LIMIT ?
            """
        let top = try db.query(sql, values: values + [request.limit]).map { ($0.int64("hit") ?? 0, $0.double("rank") ?? 0) }
        guard let first = top.first?.0 else { return [] }
        let hits = top.map(\.0)
        let excerpts = try excerpted(hits, range: hits.reduce(first, min)...hits.reduce(first, max), request: request, columns: columns, in: db)
        return top.compactMap { hit, rank in
            guard let row = excerpts[hit] else { return nil }
            return SearchRow(itemId: row.string("id") ?? "", score: -rank, excerpt: row.string("excerpt") ?? "", item: row)
        }
    }

    /// The `items` columns and marked excerpt of each row of `hits`, by row id. The match runs
    /// once over the hits' row id range (an FTS5 lookup per row id would expand a prefix again
    /// for each), and excerpts are made for the hits alone.
    private static func excerpted(
        _ hits: [Int64], range: ClosedRange<Int64>, request: SearchRequest, columns: String, in db: SQLiteConnection
    ) throws -> [Int64: SQLiteRow] {
        let itemColumns = columns.split(separator: ",").map { "items." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let sql = """
            SELECT \(itemColumns), item_search.rowid AS hit, snippet(item_search, -1, ?, ?, '…', 12) AS excerpt
            FROM item_search CROSS JOIN items ON items.rowid = item_search.rowid
            WHERE item_search MATCH ? AND item_search.rowid BETWEEN ? AND ? AND +item_search.rowid IN (SELECT value FROM json_each(?))
            """
        let values: [any SQLiteBindable] = [markOpen, markClose, request.query.expression, range.lowerBound, range.upperBound, JSONText.encode(.array(hits.map { .int($0) }))]
        var rows: [Int64: SQLiteRow] = [:]
        for row in try db.query(sql, values: values) { rows[row.int64("hit") ?? 0] = row }
        return rows
    }

    /// The `WHERE` conditions over `item_search` joined to `items` that `request` sets, with their
    /// values.
    private static func filter(for request: SearchRequest) -> ([String], [any SQLiteBindable]) {
        var conditions = ["item_search MATCH ?", "items.state IN (SELECT value FROM json_each(?))"]
        var values: [any SQLiteBindable] = [request.query.expression, JSONText.encode(request.states.map(\.rawValue).sorted())]
        if let types = request.types {
            conditions.append("items.type IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(types.sorted()))
        }
        if !request.tags.isEmpty {
            let tags = Array(Set(request.tags)).sorted()
            conditions.append("(SELECT count(DISTINCT value) FROM json_each(items.tags) WHERE value IN (SELECT value FROM json_each(?))) = ?")
            values += [JSONText.encode(tags), tags.count]
        }
        if let ids = request.ids {
            conditions.append("items.id IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(ids.sorted()))
        }
        return (conditions, values)
    }

    /// The row id of the oldest of the newest `prefixRankingBound` matching items, or nil when
    /// no more than that many match.
    private static func oldestRanked(conditions: [String], values: [any SQLiteBindable], in db: SQLiteConnection) throws -> Int64? {
        let sql = """
            SELECT item_search.rowid AS hit FROM item_search JOIN items ON items.rowid = item_search.rowid
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY item_search.rowid DESC LIMIT 1 OFFSET ?
            """
        return try db.first(sql, values: values + [prefixRankingBound - 1])?.int64("hit")
    }
}
