import Foundation
import MarfaSQLite

/// The excerpt a search hit shows, made from the item's own text as the index holds it (the
/// type's title field, its body field, the other top-level text values, the tags). Made here
/// rather than by FTS5's `snippet()`, which needs a second pass of the query over the index:
/// every engine makes the same excerpt from the same item, and a search reads the index once.
package enum SearchExcerpt {
    /// How many words an excerpt shows at most.
    static let width = 12

    /// The excerpt of `item` for `query`, each matched word wrapped in the index's marks: the
    /// window of at most `width` words holding the most distinct query words (then the most
    /// matches), from the first of the four texts that holds the best one, with the matches
    /// centred; `…` where words were left out. A word matches when it equals a query word with
    /// case and diacritics folded, or begins with the last one when that is a prefix.
    package static func marked(_ item: Item, catalog: CopyCatalog, query: FTS5Query) -> String {
        marked(item, catalog: catalog, matcher: WordMatcher(query))
    }

    /// `marked(_:catalog:query:)` with the query's words folded once for many items.
    package static func marked(_ item: Item, catalog: CopyCatalog, matcher: WordMatcher) -> String {
        var best: (text: [UInt8], words: [Word], window: Window)?
        for text in texts(of: item, catalog: catalog) where !text.isEmpty {
            let bytes = Array(text.utf8)
            let words = Word.split(bytes, matching: matcher)
            guard !words.isEmpty else { continue }
            let window = Window.best(in: words)
            if best == nil || window.isBetter(than: best!.window) { best = (bytes, words, window) }
            // No later text can do better than every query word (a tie keeps the earlier text).
            if best!.window.distinct == matcher.count { break }
        }
        guard let best else { return "" }
        return render(best.text, words: best.words, window: best.window)
    }

    /// The four texts the index holds for `item`, in the order of their weight.
    static func texts(of item: Item, catalog: CopyCatalog) -> [String] {
        let (titleField, bodyField) = catalog.displayFields(of: item.type)
        let others = item.properties.keys.sorted().compactMap { key -> String? in
            key == titleField || key == bodyField ? nil : item.properties[key]?.string
        }
        return [
            item.properties[titleField]?.string ?? "", item.properties[bodyField]?.string ?? "",
            others.joined(separator: " "), item.tags.joined(separator: " "),
        ]
    }

    /// `text` from the window's first word to its last, matches marked, `…` at a cut end.
    static func render(_ text: [UInt8], words: [Word], window: Window) -> String {
        let (open, close) = (CopySearchIndex.markOpen.utf8.first!, CopySearchIndex.markClose.utf8.first!)
        var out: [UInt8] = window.start > 0 ? Array("…".utf8) : []
        var cursor = words[window.start].start
        for word in words[window.start..<window.end] {
            // The marks' bytes only ever mean a match in an excerpt: dropped from the text between words.
            out += text[cursor..<word.start].lazy.filter { $0 != open && $0 != close }
            if word.matched != nil { out.append(open) }
            out += text[word.start..<word.end]
            if word.matched != nil { out.append(close) }
            cursor = word.end
        }
        if window.end < words.count { out += "…".utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    /// One word of a text: its UTF-8 offsets and which query word it matches, if any.
    struct Word {
        var start: Int
        var end: Int
        var matched: Int?

        /// The words of `text` (runs of the scalars FTS5's tokenizer keeps), each matched.
        static func split(_ text: [UInt8], matching matcher: WordMatcher) -> [Word] {
            var words: [Word] = []
            var start: Int?
            var index = 0
            while index < text.count {
                let (isWord, length) = scalar(in: text, at: index)
                if isWord, start == nil { start = index }
                if !isWord, let begun = start {
                    words.append(Word(start: begun, end: index, matched: matcher.match(text[begun..<index])))
                    start = nil
                }
                index += length
            }
            if let begun = start {
                words.append(Word(start: begun, end: text.count, matched: matcher.match(text[begun...])))
            }
            return words
        }

        /// Whether the scalar at `index` of valid UTF-8 belongs to a word, and its length in bytes.
        static func scalar(in text: [UInt8], at index: Int) -> (isWord: Bool, length: Int) {
            let lead = text[index]
            if lead < 0x80 {
                return ((lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A || lead >= 0x30 && lead <= 0x39, 1)
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
            return (Unicode.Scalar(value).map(FTS5Query.isWordScalar) ?? false, length)
        }
    }

    /// A run of words `start..<end` and how well it matches.
    struct Window {
        var start: Int
        var end: Int
        var distinct: Int
        var matches: Int

        func isBetter(than other: Window) -> Bool { (distinct, matches) > (other.distinct, other.matches) }

        /// The best window of at most `width` words over `words`, its matches centred.
        static func best(in words: [Word]) -> Window {
            let size = min(width, words.count)
            var best = Window(start: 0, end: size, distinct: -1, matches: -1)
            for start in 0...(words.count - size) {
                // A query has at most 64 words: one bit each.
                var seen: UInt64 = 0
                var matches = 0
                for word in words[start..<start + size] {
                    guard let matched = word.matched else { continue }
                    seen |= 1 << UInt64(matched & 63)
                    matches += 1
                }
                let window = Window(start: start, end: start + size, distinct: seen.nonzeroBitCount, matches: matches)
                if window.isBetter(than: best) { best = window }
            }
            return best.centred(in: words)
        }

        /// The window moved so that the words before its first match and after its last are
        /// about as many, within `words`.
        func centred(in words: [Word]) -> Window {
            let positions = (start..<end).filter { words[$0].matched != nil }
            guard let first = positions.first, let last = positions.last else { return self }
            let slack = (end - start) - (last - first + 1)
            let begin = max(0, min(first - slack / 2, words.count - (end - start)))
            return Window(start: begin, end: begin + (end - start), distinct: distinct, matches: matches)
        }
    }
}

/// The query's words, folded once, and the test of a text's word against them.
package struct WordMatcher: Sendable {
    private let words: [[UInt8]]
    private let lastIsPrefix: Bool
    /// How many distinct words the query has.
    let count: Int

    package init(_ query: FTS5Query) {
        words = query.words.map { Self.folded(Array($0.utf8)) }
        lastIsPrefix = query.lastWordIsPrefix
        count = Set(words).count
    }

    /// The index of the query word `word` (UTF-8) matches, or nil. An ASCII word is compared
    /// byte by byte, in place; any other is folded first.
    func match(_ word: ArraySlice<UInt8>) -> Int? {
        guard word.allSatisfy({ $0 < 0x80 }) else { return match(folded: Self.folded(Array(word))) }
        for (index, query) in words.enumerated() where query.count == word.count && Self.equalFolding(word, query) {
            return index
        }
        if lastIsPrefix, let last = words.last, word.count > last.count,
            Self.equalFolding(word.prefix(last.count), last)
        {
            return words.count - 1
        }
        return nil
    }

    private func match(folded: [UInt8]) -> Int? {
        if let exact = words.firstIndex(of: folded) { return exact }
        if lastIsPrefix, let last = words.last, folded.starts(with: last) { return words.count - 1 }
        return nil
    }

    /// Whether ASCII `word` equals folded `query` once its capitals are lowered.
    private static func equalFolding(_ word: ArraySlice<UInt8>, _ query: [UInt8]) -> Bool {
        zip(word, query).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) == $1 }
    }

    /// `word` (UTF-8) in lower case without diacritics; ASCII without Foundation.
    static func folded(_ word: [UInt8]) -> [UInt8] {
        if word.allSatisfy({ $0 < 0x80 }) { return word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }
        return Array(TextFolding.folded(String(decoding: word, as: UTF8.self)).utf8)
    }
}
