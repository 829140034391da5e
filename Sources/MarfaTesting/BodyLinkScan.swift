#if DEBUG
import Foundation

/// The links written in a body (`[[Name]]`, `![[Name]]`), read as the copy reads them, so the
/// fake can tell a write whose links change: the copy would queue edges for them by the core's
/// name rules, which the fake can't match.
enum BodyLinkScan {
    /// A link by its name (case, accents and blanks aside) and whether it is an embed.
    struct Key: Hashable {
        var name: String
        var isEmbed: Bool
    }

    /// Whether going from `before` to `after` adds or drops a link.
    static func linksChange(from before: String?, to after: String?) -> Bool {
        keys(in: before) != keys(in: after)
    }

    /// The links of `body`: a name in double brackets on one line (before any `|`), not empty.
    static func keys(in body: String?) -> Set<Key> {
        var keys: Set<Key> = []
        var rest = (body ?? "")[...]
        while let open = rest.range(of: "[[") {
            guard let close = rest[open.upperBound...].range(of: "]]") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            let isEmbed = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "!"
            let name = inner.split(separator: "|", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !name.isEmpty, !inner.contains("\n") {
                let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                keys.insert(Key(name: folded.trimmingCharacters(in: .whitespacesAndNewlines), isEmbed: isEmbed))
            }
            rest = rest[close.upperBound...]
        }
        return keys
    }
}
#endif
