import MarfaSQLite

extension Items {
    /// The folder `id` as the copy last wrote or read it, or nil when it holds none.
    public func folder(_ id: String) async throws -> Folder? {
        try await copy.perform { try await copy.engine.folder(try WorkingCopy.checkedID(id)) }
    }

    /// What the folder's search holds, as a folder on disk holds it, read from the copy.
    /// - Throws: `notFound(not_held)` for a folder the copy doesn't hold; `invalid` for a search the
    ///   copy can't answer whole (a type or tier outside its slice, a filter it can't read), never
    ///   an answer in part.
    public func list(
        inFolder id: String, sort: Sort = Sort(), limit: Int? = nil, offset: Int? = nil
    ) async throws
        -> [Item]
    {
        try await copy.perform {
            if let limit, limit < 1 { throw MarfaError.invalid(message: "A limit is 1 or more, not \(limit).") }
            if let offset, offset < 0 { throw MarfaError.invalid(message: "An offset is 0 or more, not \(offset).") }
            let items = try await FolderListing.held(id, in: copy).items().sorted(by: sort.areInIncreasingOrder)
            let start = min(offset ?? 0, items.count)
            let end = limit.map { min(start + $0, items.count) } ?? items.count
            return Array(items[start..<end])
        }
    }
}

extension WorkingCopy {
    /// The held items of the folder's search matching `query`, best first, refused as
    /// `items.list(inFolder:)` refuses. `limit` 1 to 200.
    public func search(_ query: String, inFolder id: String, limit: Int = 20) async throws -> [SearchHit] {
        try await perform {
            guard (1...200).contains(limit) else {
                throw MarfaError.invalid(message: "A search answers 1 to 200 hits, not \(limit).")
            }
            let ids = Set(try await FolderListing.held(id, in: self).items().map(\.id))
            guard let words = FTS5Query(query, prefixLastWord: true), !ids.isEmpty else { return [] }
            let request = SearchRequest(
                query: words, types: nil, states: [.active, .archived], tags: [], ids: ids, limit: limit)
            return try await engine.search(request).map {
                SearchHit(item: $0.item, score: $0.row.score, snippet: Snippet(marked: $0.row.excerpt))
            }
        }
    }
}

extension Sort {
    /// Whether `a` comes before `b` in this order; ties by id.
    func areInIncreasingOrder(_ a: Item, _ b: Item) -> Bool {
        let (x, y) =
            switch field {
            case .createdAt: (a.createdAt, b.createdAt)
            case .updatedAt: (a.updatedAt, b.updatedAt)
            case .occurredAt: (a.occurredAt, b.occurredAt)
            }
        if x != y { return direction == .ascending ? x < y : x > y }
        return direction == .ascending ? a.id < b.id : a.id > b.id
    }
}
