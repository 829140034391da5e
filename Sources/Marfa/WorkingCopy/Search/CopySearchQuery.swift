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
    /// The rows `request` finds, best first (ties by id), from the index in `db`, each with the
    /// `items` columns listed in `columns` (comma-separated, unqualified).
    package static func search(_ request: SearchRequest, columns: String = "id", in db: SQLiteConnection) throws -> [SearchRow] {
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
        values += [request.limit, markOpen, markClose, request.query.expression]
        let itemColumns = columns.split(separator: ",").map { "items." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        // The best rows first, without excerpts; then an excerpt for those rows alone.
        let sql = """
            WITH top AS (
              SELECT item_search.rowid AS hit, bm25(item_search, \(weights)) AS rank, items.id AS id
              FROM item_search JOIN items ON items.rowid = item_search.rowid
              WHERE \(conditions.joined(separator: " AND "))
              ORDER BY rank, items.id LIMIT ?)
            SELECT \(itemColumns), top.rank AS rank, snippet(item_search, -1, ?, ?, '…', 12) AS excerpt
            FROM top JOIN item_search ON item_search.rowid = top.hit JOIN items ON items.rowid = top.hit
            WHERE item_search MATCH ?
            ORDER BY top.rank, top.id
            """
        return try db.query(sql, values: values).map { row in
            SearchRow(itemId: row.string("id") ?? "", score: -(row.double("rank") ?? 0), excerpt: row.string("excerpt") ?? "", item: row)
        }
    }
}
