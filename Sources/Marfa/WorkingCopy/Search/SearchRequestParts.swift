import MarfaSQLite

extension SearchRequest {
    /// A search for `query` over items of `types` (nil for any) in `states`, carrying every tag of
    /// `tags`, among `ids` (nil for any), answering at most `limit` rows. Package access, so the
    /// fuzz target `FuzzCopySearch` builds the requests the copy's engines answer.
    package init(searching query: FTS5Query, types: Set<String>?, states: Set<ItemState>, tags: [String], ids: Set<String>?, limit: Int) {
        self.query = query
        self.types = types
        self.states = states
        self.tags = tags
        self.ids = ids
        self.limit = limit
    }
}
