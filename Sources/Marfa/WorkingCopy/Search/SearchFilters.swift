/// Which items `search` looks among. Items in the bin never match.
public struct SearchFilters: Sendable, Hashable {
    /// Items of this type or a type beneath it.
    public var type: String?
    /// Items in this state only (`active` unless `allStates`).
    public var state: ItemState?
    /// Items in every state but the bin.
    public var allStates: Bool
    /// Items carrying every one of these tags.
    public var tags: [String]
    /// Items beneath this one along held `parent-of` edges.
    public var beneath: String?

    /// Filters with these values; the defaults look among every active item.
    public init(
        type: String? = nil, state: ItemState? = nil, allStates: Bool = false, tags: [String] = [],
        beneath: String? = nil
    ) {
        self.type = type
        self.state = state
        self.allStates = allStates
        self.tags = tags
        self.beneath = beneath
    }
}

/// One search result: the item, how well it matched, and an excerpt with the matched words marked.
public struct SearchHit: Sendable, Hashable {
    /// The item.
    public var item: Item
    /// Higher is better (the negated `bm25` with the title weighted over the body over the rest).
    public var score: Double
    /// Text around the matches, from the column that matched best.
    public var snippet: Snippet

    /// A hit with these values, for an app's previews and tests.
    public init(item: Item, score: Double, snippet: Snippet) {
        self.item = item
        self.score = score
        self.snippet = snippet
    }
}

/// An excerpt of an item's text and where in it the searched words matched.
public struct Snippet: Sendable, Hashable {
    /// The excerpt, `…` where text was left out.
    public var text: String
    /// The matched words' ranges in `text`.
    public var matches: [Range<String.Index>]

    /// A snippet with these values.
    public init(text: String, matches: [Range<String.Index>] = []) {
        self.text = text
        self.matches = matches
    }

    /// The snippet of an excerpt whose matches are wrapped in the index's marks (one byte each).
    package init(marked: String) {
        let (open, close) = (CopySearchIndex.markOpen.utf8.first!, CopySearchIndex.markClose.utf8.first!)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(marked.utf8.count)
        var spans: [(Int, Int)] = []
        var opened: Int?
        for byte in marked.utf8 {
            if byte == open {
                opened = bytes.count
            } else if byte == close, let start = opened {
                spans.append((start, bytes.count))
                opened = nil
            } else {
                bytes.append(byte)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        self.text = text
        let view = text.utf8
        matches = spans.map {
            view.index(view.startIndex, offsetBy: $0.0)..<view.index(view.startIndex, offsetBy: $0.1)
        }
    }

    /// The matched words themselves.
    public var matchedText: [String] { matches.map { String(text[$0]) } }
}
