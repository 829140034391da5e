/// A link written in an item's body: `[[Name]]` (a `references` edge to the item named) or
/// `![[Name]]` (an embed: an `attached-to` edge from the item named).
public struct BodyLink: Sendable, Hashable {
    /// Where a body link points.
    public enum Target: Sendable, Hashable {
        /// The item it names, linked by a held edge.
        case item(id: String)
        /// The edge is queued and not yet answered.
        case pending(id: String)
        /// No held item has that name.
        case missing
        /// Several held items have that name.
        case ambiguous([String])
        /// The edge's write was refused.
        case refused(reason: String)
    }

    /// The link as written, brackets included.
    public var text: String
    /// The name inside the brackets (before any `|`).
    public var name: String
    /// Whether it is an embed (`![[…]]`).
    public var isEmbed: Bool
    /// Where it points.
    public var target: Target

    /// A link with these values.
    public init(text: String, name: String, isEmbed: Bool, target: Target) {
        self.text = text
        self.name = name
        self.isEmbed = isEmbed
        self.target = target
    }

    /// A link by its name (case, accents and blanks aside) and whether it is an embed: what
    /// decides the edge it stands for.
    package struct Key: Hashable, Sendable {
        package var name: String
        package var isEmbed: Bool
    }

    /// The keys of the links written in `body`.
    package static func keys(in body: String?) -> Set<Key> {
        Set(parse(body ?? "").map { Key(name: LinkCandidate.folded($0.name), isEmbed: $0.isEmbed) })
    }

    /// The links written in `body`, in order: `(text, name, isEmbed)`.
    static func parse(_ body: String) -> [(text: String, name: String, isEmbed: Bool)] {
        var links: [(String, String, Bool)] = []
        var rest = body[...]
        while let open = rest.range(of: "[[") {
            guard let close = rest[open.upperBound...].range(of: "]]") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            let isEmbed = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "!"
            let name =
                inner.split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !name.isEmpty, !inner.contains("\n") {
                let start = isEmbed ? rest.index(before: open.lowerBound) : open.lowerBound
                links.append((String(rest[start..<close.upperBound]), name, isEmbed))
            }
            rest = rest[close.upperBound...]
        }
        return links
    }
}
