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
        name = Self.name(of: item, typeLabel: typeLabel)
        preview = Self.preview(of: item.body ?? "")
    }

    /// The item's title, else its body's first non-blank line (80 characters at most), else its
    /// type and a short id.
    static func name(of item: Item, typeLabel: String?) -> String {
        if let title = item.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty { return title }
        let body = item.body ?? ""
        for line in body.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { return String(trimmed.prefix(80)) }
        }
        return "\(typeLabel ?? item.type) \(item.id.suffix(6))"
    }

    /// `text` with link brackets and emphasis marks dropped and blanks collapsed, cut at 160
    /// characters (the last one `…`). Reads only as much of `text` as the preview needs.
    static func preview(of text: String) -> String {
        var words: [Substring] = []
        var length = -1
        for word in text.split(whereSeparator: \.isWhitespace) {
            let kept = plain(word)
            guard !kept.isEmpty else { continue }
            words.append(kept)
            length += kept.count + 1
            if length > 160 { break }
        }
        let flat = words.joined(separator: " ")
        return flat.count > 160 ? String(flat.prefix(159)) + "…" : flat
    }

    /// `word` without link brackets (`![[`, `[[`, `]]`) and emphasis marks (`**`, `__`).
    private static func plain(_ word: Substring) -> Substring {
        guard word.contains(where: { $0 == "[" || $0 == "]" || $0 == "*" || $0 == "_" }) else { return word }
        var text = String(word)
        for mark in ["![[", "[[", "]]", "**", "__"] { text = text.replacing(mark, with: "") }
        return Substring(text)
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
        TextFolding.folded(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A candidate with these values, for an app's previews, tests and a fake copy's script.
    public init(target: String, itemId: String, name: String, match: Match) {
        self.target = target
        self.itemId = itemId
        self.name = name
        self.match = match
    }
}
