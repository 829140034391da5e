/// A person's search words as a safe FTS5 `MATCH` expression.
///
/// The text is split into words (runs of Unicode letters, marks and digits); everything else —
/// spaces, punctuation, quotes, `-`, `*`, `(`, `:`, `^`, emoji, control characters — only
/// separates them. Each word becomes an FTS5 string (`"word"`), so `NEAR`, `AND`, `OR` and `NOT`
/// are searched as words, never read as operators, and no input gives an FTS5 syntax error. Text
/// with no word makes no query (`init` answers nil): the caller answers "no hits" without searching.
public struct FTS5Query: Sendable, Hashable, CustomStringConvertible {
    /// How the words combine.
    public enum Combination: Sendable, Hashable {
        /// Every word must occur (`AND`).
        case allWords
        /// Any word may occur (`OR`); more words matched rank higher.
        case anyWord
    }

    /// The words searched for, in order, as typed.
    public let words: [String]
    /// Whether the last word also matches longer words it begins (`"marf"*` finds "marfa").
    public let lastWordIsPrefix: Bool
    /// The expression to bind to `MATCH`.
    public let expression: String

    /// The query for `text`, or nil when it holds no word. With `prefixLastWord` (for search as the
    /// person types) the last word is a prefix, unless the text ends after it (a space or a
    /// punctuation mark says the word is finished). Words past `maximumWords` are ignored.
    public init?(
        _ text: String, prefixLastWord: Bool = false, combining: Combination = .allWords, maximumWords: Int = 64
    ) {
        let allWords = Self.words(in: text)
        let words = Array(allWords.prefix(max(1, maximumWords)))
        guard !words.isEmpty else { return nil }
        let endsInWord = text.unicodeScalars.last.map(Self.isWordScalar) ?? false
        self.words = words
        lastWordIsPrefix = prefixLastWord && endsInWord && words.count == allWords.count
        var terms = words.map(Self.string)
        if lastWordIsPrefix { terms[terms.count - 1] += "*" }
        expression = terms.joined(separator: combining == .allWords ? " AND " : " OR ")
    }

    public var description: String { expression }

    /// The same words as one phrase in the column `column` that the column begins with
    /// (`{title} : ^ "note" + "4"*`): what a name starting with the text matches. With `prefix`
    /// false the last word must be whole even when it was typed as a prefix.
    public func phraseStarting(column: String, prefix: Bool = true) -> FTS5Query {
        var terms = words.map(Self.string)
        let isPrefix = prefix && lastWordIsPrefix
        if isPrefix { terms[terms.count - 1] += "*" }
        let quotedColumn = "\"" + column.replacing("\"", with: "\"\"") + "\""
        return FTS5Query(
            words: words, lastWordIsPrefix: isPrefix,
            expression: "{\(quotedColumn)} : ^ " + terms.joined(separator: " + "))
    }

    private init(words: [String], lastWordIsPrefix: Bool, expression: String) {
        self.words = words
        self.lastWordIsPrefix = lastWordIsPrefix
        self.expression = expression
    }

    /// The words of `text`: maximal runs of letters, combining marks, digits and private-use
    /// characters (what FTS5's `unicode61` tokenizer keeps), in order.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `word` as an FTS5 string: in double quotes, inner double quotes doubled.
    static func string(_ word: String) -> String { "\"" + word.replacing("\"", with: "\"\"") + "\"" }

    /// Whether `scalar` belongs to a word: a letter, a mark, a number or a private-use character.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber,
            .privateUse:
            true
        default:
            false
        }
    }
}
