import Foundation

/// A folder's `include` and `ignore` lists read as gitignore patterns: `*` matches within a
/// name, `**` across directories, `?` one character; a pattern without a `/` matches a name at
/// any depth, one with a `/` matches from the folder's top; a trailing `/` matches a directory
/// and everything in it; `!` takes a path back. `ignore` wins over `include`, and an empty
/// `include` takes every path.
struct FolderPatterns: Sendable {
    private struct Pattern: Sendable {
        var parts: [Substring]
        var anchored: Bool
        var directoryOnly: Bool
        var negated: Bool
    }

    private let include: [Pattern]
    private let ignore: [Pattern]

    init(include: [String], ignore: [String]) {
        self.include = include.compactMap(Self.pattern)
        self.ignore = ignore.compactMap(Self.pattern)
    }

    /// Whether the folder takes the file at `path` (relative, `/`-separated).
    func takes(_ path: String) -> Bool {
        if Self.matches(ignore, path) { return false }
        return include.isEmpty || Self.matches(include, path)
    }

    /// Whether a walk enters the directory at `path`: an ignored directory is never entered.
    func enters(_ path: String) -> Bool {
        !Self.matches(ignore, path + "/")
    }

    private static func pattern(_ text: String) -> Pattern? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let negated = text.hasPrefix("!")
        if negated { text = text.dropFirst() }
        let directoryOnly = text.hasSuffix("/")
        if directoryOnly { text = text.dropLast() }
        let anchored = text.dropLast().contains("/")
        if text.hasPrefix("/") { text = text.dropFirst() }
        return Pattern(
            parts: text.split(separator: "/", omittingEmptySubsequences: true), anchored: anchored,
            directoryOnly: directoryOnly, negated: negated)
    }

    /// The last pattern that matches decides, as in gitignore.
    private static func matches(_ patterns: [Pattern], _ path: String) -> Bool {
        let isDirectory = path.hasSuffix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        var taken = false
        for pattern in patterns where matches(pattern, parts, isDirectory: isDirectory) {
            taken = !pattern.negated
        }
        return taken
    }

    private static func matches(_ pattern: Pattern, _ parts: [Substring], isDirectory: Bool) -> Bool {
        // A path matches when it, or a directory above it, matches.
        for end in stride(from: parts.count, through: 1, by: -1) {
            let prefix = Array(parts[0..<end])
            let whole = end == parts.count
            if pattern.directoryOnly && whole && !isDirectory { continue }
            if pattern.anchored {
                if glob(pattern.parts[...], prefix[...]) { return true }
            } else if pattern.parts.count == 1, let last = prefix.last, name(pattern.parts[0], last) {
                return true
            } else if !pattern.anchored, (0..<prefix.count).contains(where: { glob(pattern.parts[...], prefix[$0...]) })
            {
                return true
            }
        }
        return false
    }

    private static func glob(_ pattern: ArraySlice<Substring>, _ parts: ArraySlice<[Substring].Element>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (parts.startIndex...parts.endIndex).contains { glob(rest, parts[$0...]) }
        }
        guard let part = parts.first, name(first, part) else { return false }
        return glob(pattern.dropFirst(), parts.dropFirst())
    }

    /// Whether one name matches one pattern part (`*`, `?`, literal characters).
    static func name(_ pattern: Substring, _ name: Substring) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let n = Array(name.unicodeScalars)
        var (pi, ni, star, mark) = (0, 0, -1, 0)
        while ni < n.count {
            if pi < p.count, p[pi] == "?" || p[pi] == n[ni] {
                pi += 1
                ni += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ni
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ni = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
