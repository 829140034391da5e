import MarfaSQLite

/// A checked search, as engines answer it: every type it may hold spelled out.
package struct SearchRequest: Sendable, Hashable {
    /// How a search orders what it finds.
    package enum Order: Sendable, Hashable {
        /// Best match first (`bm25`), ties by id.
        case relevance
        /// Most recently stored first: what a name lookup wants, and cheap, since the index
        /// yields rows in that order and stops at `limit`.
        case newest
    }

    package var query: FTS5Query
    /// The type ids an item may have; nil for any.
    package var types: Set<String>?
    /// The states an item may be in (never `trashed`).
    package var states: Set<ItemState>
    package var tags: [String]
    /// The ids an item must be among; nil for any.
    package var ids: Set<String>?
    package var limit: Int
    package var order: Order
    /// Whether each row gets a marked excerpt.
    package var excerpts: Bool

    /// What makes the excerpts of this search's rows, or nil when it shows none.
    package var excerptMatcher: WordMatcher? { excerpts ? WordMatcher(query) : nil }

    package init(
        query: FTS5Query, types: Set<String>?, states: Set<ItemState>, tags: [String], ids: Set<String>?, limit: Int,
        order: Order = .relevance, excerpts: Bool = true
    ) {
        self.query = query
        self.types = types
        self.states = states
        self.tags = tags
        self.ids = ids
        self.limit = limit
        self.order = order
        self.excerpts = excerpts
    }
}

/// One row a search found: the item's id, its score (higher is better), its marked excerpt, and
/// the columns of its `items` row named in the search's `columns`.
package struct SearchRow: Sendable, Hashable {
    package var itemId: String
    package var score: Double
    package var excerpt: String
    package var item: SQLiteRow

    /// The row with the excerpt of `item` (the row's item, read) for the search `matcher` was
    /// made from, or as it is when `matcher` is nil (a search that shows no excerpts).
    package func excerpting(_ item: Item, catalog: CopyCatalog, matcher: WordMatcher?) -> SearchRow {
        guard let matcher else { return self }
        var row = self
        row.excerpt = SearchExcerpt.marked(item, catalog: catalog, matcher: matcher)
        return row
    }
}

extension CopySearchIndex {
    /// How many matching items a search whose last word is a prefix ranks at most: the newest
    /// ones stored. A prefix of a few letters begins words in a large part of a big copy, and
    /// ranking every one costs tens of milliseconds a keystroke; once the word is finished (or
    /// fewer items match), every match is ranked.
    package static let prefixRankingBound = 1000

    /// The rows `request` finds in its order, from the index in `db` and the rows not yet indexed
    /// (see `UnindexedSearch`), each with the `items` columns listed in `columns`
    /// (comma-separated, unqualified) and no excerpt (see `SearchRow.excerpting`). Two
    /// statements when every row is indexed: the hits ordered, then the rows of those hits.
    package static func search(
        _ request: SearchRequest, columns: String = "id", in db: SQLiteConnection
    ) throws -> [SearchRow] {
        let waiting = try hasPending(in: db)
        var top = try hits(request, skippingPending: waiting, in: db)
        if waiting { top = try UnindexedSearch.merged(top, request: request, in: db) }
        guard !top.isEmpty else { return [] }
        let rows = try itemRows(top.map(\.hit), columns: columns, in: db)
        return top.compactMap { hit, rank in
            guard let row = rows[hit] else { return nil }
            return SearchRow(itemId: row.string("id") ?? "", score: -rank, excerpt: "", item: row)
        }
    }

    /// The row ids and `bm25` ranks (lower is better; 0 in newest order, which skips `bm25` and
    /// the pass over every match it makes to weigh each word) of the hits of `request`, in its
    /// order: one pass over the index. A relevance search whose last word is a prefix ranks the
    /// newest `prefixRankingBound` matches, taken in row id order as the index yields them.
    /// `skippingPending` leaves out the rows waiting in `search_pending`, whose entries are stale.
    private static func hits(
        _ request: SearchRequest, skippingPending: Bool, in db: SQLiteConnection
    ) throws -> [(hit: Int64, rank: Double)] {
        var (conditions, values) = filter(for: request)
        conditions.insert("item_search MATCH ?", at: 0)
        values.insert(request.query.expression, at: 0)
        if skippingPending { conditions.append("item_search.rowid NOT IN (SELECT rowid FROM search_pending)") }
        let rank = request.order == .newest ? "0" : "bm25(item_search, \(weights))"
        let matches = """
            SELECT item_search.rowid AS hit, \(rank) AS rank, items.id AS id
            FROM item_search JOIN items ON items.rowid = item_search.rowid
            WHERE \(conditions.joined(separator: " AND "))
            """
        let sql: String
        var bound = values
        switch request.order {
        case .newest:
            sql = matches + " ORDER BY item_search.rowid DESC LIMIT ?"
        case .relevance where request.query.lastWordIsPrefix:
            sql = "SELECT hit, rank FROM (\(matches) ORDER BY item_search.rowid DESC LIMIT ?) ORDER BY rank, id LIMIT ?"
            bound.append(prefixRankingBound)
        case .relevance:
            sql = matches + " ORDER BY rank, items.id LIMIT ?"
        }
        let statement = try db.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(bound + [request.limit])
        var found: [(hit: Int64, rank: Double)] = []
        while try statement.step() { found.append((statement.int64(0), statement.double(1))) }
        return found
    }

    /// The `items` columns of each row of `hits`, by row id.
    private static func itemRows(_ hits: [Int64], columns: String, in db: SQLiteConnection) throws -> [Int64: SQLiteRow]
    {
        let sql = "SELECT \(columns), rowid AS hit FROM items WHERE rowid IN (SELECT value FROM json_each(?))"
        var rows: [Int64: SQLiteRow] = [:]
        for row in try db.query(sql, JSONText.encode(.array(hits.map { .int($0) }))) {
            rows[row.int64("hit") ?? 0] = row
        }
        return rows
    }

    /// The `WHERE` conditions over `items` that `request` sets besides its words, with their values.
    static func filter(for request: SearchRequest) -> ([String], [any SQLiteBindable]) {
        // The states are a closed set of plain words, spelled in the SQL as constants.
        let states = request.states.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        var conditions = ["items.state IN (\(states))"]
        var values: [any SQLiteBindable] = []
        if let types = request.types {
            conditions.append("items.type IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(types.sorted()))
        }
        if !request.tags.isEmpty {
            let tags = Array(Set(request.tags)).sorted()
            conditions.append(
                "(SELECT count(DISTINCT value) FROM json_each(items.tags) WHERE value IN (SELECT value FROM json_each(?))) = ?"
            )
            values += [JSONText.encode(tags), tags.count]
        }
        if let ids = request.ids {
            conditions.append("items.id IN (SELECT value FROM json_each(?))")
            values.append(JSONText.encode(ids.sorted()))
        }
        return (conditions, values)
    }
}
