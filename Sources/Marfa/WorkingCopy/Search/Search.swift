import MarfaSQLite

extension WorkingCopy {
    /// The held items matching `query`, best first: words matched in the type's title field count
    /// most, then the body field, then other text and tags; diacritics and case are folded, and
    /// the last word matches as a prefix while a person types. Items in the bin never match. Any
    /// text is safe: quotes, dashes, stars and unbalanced input are searched as words, never read
    /// as query syntax. `limit` 1 to 200.
    public func search(
        _ query: String, filters: SearchFilters = SearchFilters(), limit: Int = 20
    ) async throws -> [SearchHit] {
        try await perform {
            guard (1...200).contains(limit) else {
                throw MarfaError.invalid(message: "A search answers 1 to 200 hits, not \(limit).")
            }
            guard let words = FTS5Query(query, prefixLastWord: true) else { return [] }
            let listing = ListFilters(
                type: filters.type, state: filters.state, allStates: filters.allStates, tags: filters.tags,
                beneath: filters.beneath)
            let scope = try await ItemQueryBuilder(engine: engine).query(for: listing, sort: Sort())
            var states = scope.states ?? Set(ItemState.allCases)
            states.remove(.trashed)
            let request = SearchRequest(
                query: words, types: scope.types, states: states, tags: scope.tags, ids: scope.ids, limit: limit)
            return try await engine.search(request).map {
                SearchHit(item: $0.item, score: $0.row.score, snippet: Snippet(marked: $0.row.excerpt))
            }
        }
    }
}

extension Items {
    /// The name and preview of each held item of `ids`, in that order; ids the copy doesn't hold
    /// are left out.
    public func displays(for ids: [String]) async throws -> [ItemDisplay] {
        try await copy.perform {
            var items: [Item] = []
            for id in ids {
                if let item = try await copy.engine.item(try WorkingCopy.checkedID(id)) { items.append(item) }
            }
            return try await copy.engine.displays(of: items, catalog: try await copy.engine.catalog())
        }
    }

    /// The name and preview of each of `items`: its title from the type's display hints, else the
    /// first line of its body, else its type and a short id; a preview of at most 160 characters.
    public func displays(of items: [Item]) async throws -> [ItemDisplay] {
        try await copy.perform { try await copy.engine.displays(of: items, catalog: try await copy.engine.catalog()) }
    }

    /// The items a link being typed as `text` in the item `id` could point at, best first: exact
    /// names, then names that begin with the text, then full-text matches; never the item itself.
    public func linkCandidates(of text: String, in id: String, limit: Int = 10) async throws -> [LinkCandidate] {
        try await copy.perform {
            guard (1...100).contains(limit) else {
                throw MarfaError.invalid(message: "Ask for 1 to 100 candidates, not \(limit).")
            }
            return try await copy.engine.linkCandidates(of: text, in: try WorkingCopy.checkedID(id), limit: limit)
        }
    }
}
