import Foundation

/// The name and preview of an item, as a list row or a link shows it.
public struct ItemDisplay: Sendable, Hashable {
    /// The item.
    public var itemId: String
    /// Its name: the title, else the first line of its body, else its type and a short id.
    public var name: String
    /// A short plain-text preview of its body (at most 160 characters), empty when it has none.
    public var preview: String

    /// A display with these values, for an app's previews, tests and a fake copy's script.
    public init(itemId: String, name: String, preview: String) {
        self.itemId = itemId
        self.name = name
        self.preview = preview
    }

    /// Worked out from the item's title and body (from its type's display hints).
    init(_ item: Item, typeLabel: String?) {
        itemId = item.id
        let lines = (item.body ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let firstLine = lines.first { !$0.isEmpty }.map { String($0.prefix(80)) }
        if let title = item.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
            name = title
        } else if let firstLine {
            name = firstLine
        } else {
            name = "\(typeLabel ?? item.type) \(item.id.suffix(6))"
        }
        let flat = Self.plain(item.body ?? "")
        preview = flat.count > 160 ? String(flat.prefix(159)) + "…" : flat
    }

    /// `text` with link brackets and emphasis marks dropped and blanks collapsed.
    private static func plain(_ text: String) -> String {
        let dropped = text.replacingOccurrences(of: "![[", with: "").replacingOccurrences(of: "[[", with: "")
            .replacingOccurrences(of: "]]", with: "").replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
        return dropped.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// An item a link being typed could point at.
public struct LinkCandidate: Sendable, Hashable {
    /// How a candidate matched the text.
    public enum Match: Int, Sendable, Hashable, Comparable {
        /// Its name is the text (case and accents aside).
        case exact
        /// Its name begins with the text.
        case prefix
        /// The text's words are found in it.
        case fullText

        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The text asked about.
    public var target: String
    /// The item.
    public var itemId: String
    /// Its name.
    public var name: String
    /// How it matched.
    public var match: Match

    /// `text` with case and accents folded and blanks trimmed, for comparing names.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A candidate with these values, for an app's previews, tests and a fake copy's script.
    public init(target: String, itemId: String, name: String, match: Match) {
        self.target = target
        self.itemId = itemId
        self.name = name
        self.match = match
    }
}
