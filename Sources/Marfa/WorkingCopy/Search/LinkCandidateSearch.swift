import MarfaSQLite

extension CopyEngine {
    /// Exact names first, then names beginning with the text, then full-text matches, each best
    /// first; the item itself left out. Three searches of the index, none making excerpts: names
    /// that begin with the text's words (every one ranked, however old, so an exact name is never
    /// missed), the newest names that begin with the text, and the words anywhere; the last is
    /// skipped when names alone fill `limit`.
    package func linkCandidates(of text: String, in itemId: String, limit: Int) async throws -> [LinkCandidate] {
        guard let words = FTS5Query(text, prefixLastWord: true) else { return [] }
        let catalog = try await catalog()
        let wanted = LinkCandidate.folded(text)
        var found = LinkCandidateRanking(wanted: wanted, excluding: itemId)
        let title = CopySearchIndex.table.columns[0]
        let searches: [(FTS5Query, SearchRequest.Order)] = [
            (words.phraseStarting(column: title, prefix: false), .relevance),
            (words.phraseStarting(column: title), .newest),
            (words, .relevance),
        ]
        for (query, order) in searches {
            if query == words, found.count(atBest: .prefix) >= limit { break }
            let request = SearchRequest(
                query: query, types: nil, states: [.active, .archived], tags: [], ids: nil, limit: max(50, limit * 4),
                order: order,
                excerpts: false)
            for (item, row) in try await search(request) {
                found.add(
                    item: item, name: ItemDisplay.name(of: item, typeLabel: catalog.itemTypes[item.type]?.label),
                    score: row.score)
            }
        }
        return found.best(limit, target: text)
    }
}

/// The candidates a link's searches found, each once, with how its name matches the text.
struct LinkCandidateRanking {
    let wanted: String
    let excluding: String
    private var candidates: [String: (name: String, match: LinkCandidate.Match, score: Double, found: Int)] = [:]

    init(wanted: String, excluding: String) {
        self.wanted = wanted
        self.excluding = excluding
    }

    /// Keeps `item` unless it is the linking item or already found (the first search that found
    /// it scored it); equal scores keep the order found in.
    mutating func add(item: Item, name: String, score: Double) {
        guard item.id != excluding, candidates[item.id] == nil else { return }
        let folded = LinkCandidate.folded(name)
        let match: LinkCandidate.Match = folded == wanted ? .exact : folded.hasPrefix(wanted) ? .prefix : .fullText
        candidates[item.id] = (name, match, score, candidates.count)
    }

    /// How many candidates match `match` or better.
    func count(atBest match: LinkCandidate.Match) -> Int {
        candidates.values.count { $0.match <= match }
    }

    /// The best `limit`: by match, then score, then the order found in.
    func best(_ limit: Int, target: String) -> [LinkCandidate] {
        candidates.sorted {
            ($0.value.match, -$0.value.score, $0.value.found) < ($1.value.match, -$1.value.score, $1.value.found)
        }
        .prefix(limit)
        .map { LinkCandidate(target: target, itemId: $0.key, name: $0.value.name, match: $0.value.match) }
    }
}
