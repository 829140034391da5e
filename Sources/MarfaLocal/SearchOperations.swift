import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// `GET /search`: full-text search over the FTS5 index of `ItemSearchIndex`. The text is read as
/// words (`FTS5Query`: punctuation, quotes, `-`, `*` and operators are plain separators, so no
/// input is a syntax error); an item matches when every word occurs in its title, body, other
/// string properties or tags, case and diacritics folded, the last word also as a prefix unless
/// the text ends after it. Best match first by `bm25` (title over body over the rest), ties newest
/// first; `relevance_score` is the negated `bm25` (higher is better) and `snippet_html` an
/// excerpt with the matches in `<mark>`. The listing's filters apply (`type` with subtypes,
/// `state`, `tier`, `tags`, `timestamp_after/before`, `include=system`); trashed items are never
/// found and purged ones are gone from the index; `filter` expressions are refused (`400`). The
/// rows writes left waiting are indexed first, so every item committed before the search is found.
extension LocalAPI {
    func searchItems(_ input: Operations.SearchItems.Input) async throws -> Operations.SearchItems.Output {
        let key = try RequestContext.current.requireKey()
        let query = input.query
        guard query.q.contains(where: { !$0.isWhitespace }) else {
            throw LocalError.validation("q needs at least one word.")
        }
        guard query.filter == nil else {
            throw LocalError.validation("The local instance does not take filter expressions.")
        }
        let limit = query.limit
        let offset = query.offset ?? 0
        guard (1...100).contains(limit), (0...10_000).contains(offset) else {
            throw LocalError.validation("limit is 1 to 100 and offset 0 to 10000.")
        }
        let bounds = try [(query.timestampAfter, ">="), (query.timestampBefore, "<")].compactMap {
            bound, op -> (Double, String)? in
            guard let bound else { return nil }
            guard let date = ISO8601.date(from: bound) else {
                throw LocalError.validation("\(bound) is not a date-time.")
            }
            return (date.stored, op)
        }
        let results: [Components.Schemas.SearchResult]
        if let words = FTS5Query(query.q, prefixLastWord: true) {
            try await store.indexPendingSearchText()
            let search = ItemSearch(query: words, limit: limit, offset: offset, timestampBounds: bounds)
            results = try await read { db in try search.run(query, key: key, in: db) }
        } else {
            results = []  // Only punctuation: no word to find.
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(results: results))))
    }
}

/// One search as SQL over the index joined with `items`: the filters, the ranking and the page.
struct ItemSearch: Sendable {
    let query: FTS5Query
    let limit: Int
    let offset: Int
    /// `timestamp` bounds: the stored instant and its operator.
    let timestampBounds: [(Double, String)]

    /// The page of results for `input`'s filters as `key` may see them, in one snapshot.
    func run(
        _ input: Operations.SearchItems.Input.Query, key: KeyRecord, in db: SQLiteConnection
    ) throws -> [Components.Schemas.SearchResult] {
        let (conditions, values) = try filters(input, key: key, in: db)
        let index = ItemSearchIndex.table
        let rank = try index.rankExpression(weights: ItemSearchIndex.weights)
        let sql = """
            SELECT items.*, \(rank) AS search_score,
                snippet(item_search_index, -1, ?, ?, '…', 16) AS search_snippet
            FROM item_search_index JOIN items ON items.seq = item_search_index.rowid
            WHERE item_search_index MATCH ? AND \(conditions.joined(separator: " AND "))
            ORDER BY search_score, items.updated_at DESC, items.seq DESC LIMIT ? OFFSET ?
            """
        let bound: [any SQLiteBindable] =
            [String(ItemSearchIndex.markOpen), String(ItemSearchIndex.markClose), query.expression] + values + [
                limit, offset,
            ]
        return try db.query(sql, values: bound).map { row in
            let item = try ItemRecord(row: row)
            return .init(
                item: item.wire, metadata: try ItemExtensions.metadata(of: item, in: db),
                relevanceScore: -(row.double("search_score") ?? 0),
                snippetHtml: row.string("search_snippet").flatMap(Self.snippetHTML))
        }
    }

    /// The conditions on `items` (and their values): readable types, the bin left out, and the
    /// listing's filters.
    private func filters(
        _ input: Operations.SearchItems.Input.Query, key: KeyRecord, in db: SQLiteConnection
    ) throws -> ([String], [any SQLiteBindable]) {
        let stored = try ItemRecord.storedTypes(in: db)
        var types: Set<String>
        if let type = input._type {
            types = try TypeRegistry.load(db).descendants(of: type)
        } else {
            types = input.include?.contains("system") == true ? stored : stored.filter { !$0.hasPrefix("system.") }
        }
        let (typeCondition, readable) = ItemRecord.typeCondition(
            types.filter { key.typeLevel($0) >= .read }, stored: stored, column: "items.type")
        var conditions = ["items.state <> 'trashed'"] + (typeCondition.map { [$0] } ?? [])
        var values: [any SQLiteBindable] = readable
        if let state = input.state?.rawValue {
            conditions.append("items.state = ?")
            values.append(state)
        }
        if let tier = input.tier?.rawValue, tier != "all" {
            conditions.append("items.tier = ?")
            values.append(tier)
        }
        for tag in (input.tags ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !tag.isEmpty {
            conditions.append("EXISTS (SELECT 1 FROM json_each(items.tags) WHERE value = ?)")
            values.append(tag)
        }
        for (instant, op) in timestampBounds {
            conditions.append("items.timestamp \(op) ?")
            values.append(instant)
        }
        return (conditions, values)
    }

    /// A snippet as HTML: the text escaped, each match in `<mark>`; nil when empty.
    static func snippetHTML(_ snippet: String) -> String? {
        guard !snippet.isEmpty else { return nil }
        return HTMLText.escape(snippet)
            .replacingOccurrences(of: String(ItemSearchIndex.markOpen), with: "<mark>")
            .replacingOccurrences(of: String(ItemSearchIndex.markClose), with: "</mark>")
    }
}
