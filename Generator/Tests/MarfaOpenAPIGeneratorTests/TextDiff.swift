/// A short, readable account of how two texts differ, line by line: the first differing stretch
/// with line numbers on both sides and a few lines of context, as a reference test reports it.
enum TextDiff {
    /// Lines of context shown before and after the differing stretch.
    static let context = 3
    /// At most this many removed and this many added lines are shown.
    static let shownLines = 40

    /// Nil when `expected` and `actual` are equal; otherwise the first differing stretch, with
    /// `-` for lines only `expected` has and `+` for lines only `actual` has.
    static func describe(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        let removed = old[prefix..<(old.count - suffix)]
        let added = new[prefix..<(new.count - suffix)]
        var lines = [
            "@@ expected line \(prefix + 1), \(removed.count) line(s) → actual line \(prefix + 1), \(added.count) line(s) @@"
        ]
        for index in max(0, prefix - context)..<prefix { lines.append(numbered(index, " ", old[index])) }
        lines += stretch(removed, marker: "-")
        lines += stretch(added, marker: "+")
        for index in (old.count - suffix)..<min(old.count, old.count - suffix + context) {
            lines.append(numbered(index, " ", old[index]))
        }
        return lines.joined(separator: "\n")
    }

    private static func stretch(_ lines: ArraySlice<Substring>, marker: Character) -> [String] {
        var shown = lines.prefix(shownLines).indices.map { numbered($0, marker, lines[$0]) }
        if lines.count > shownLines { shown.append("     \(marker) … \(lines.count - shownLines) more") }
        return shown
    }

    private static func numbered(_ index: Int, _ marker: Character, _ line: Substring) -> String {
        let number = String(index + 1)
        return String(repeating: " ", count: max(0, 5 - number.count)) + number + " \(marker) " + line
    }
}
