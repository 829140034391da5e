extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace), found by
    /// a plain scan rather than Foundation's character-set trimming.
    package var trimmingSpaces: Substring {
        let text = self[...]
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return Substring(text[start..<Swift.max(start, end)])
    }
}
