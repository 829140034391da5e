import Foundation
import MarfaSQLite
import Testing

/// No text a person can type makes the FTS5 query builder produce an expression SQLite refuses.
@Suite struct FTS5QueryFuzzTests {
    static let pieces: [String] = [
        "marfa", "café", "CAFE", "naïve", "Ärger", "東京", "привет", "مرحبا", "e\u{301}", "\u{301}", "ǅ", "Ⅻ", "½",
        "NEAR", "near", "NEAR/2", "AND", "OR", "NOT", "and", "\"", "\"\"", "'", "-", "--", "*", "**", "(", ")", "((",
        ":", "^", "+", "{", "}", "[", "]", ",", ".", "/", "\\", "NEAR(", "title:", "{title body}:", "-body:",
        "😀", "👍🏽", "🇺🇸", "\u{0}", "\u{1}", "\u{7}", "\t", "\n", "\r\n", "\u{7F}", "\u{200B}", "\u{FEFF}",
        "\u{E000}", "\u{FFFD}", "💩*", "\"marfa", "marfa\"", "x\"y", "a*b", "0", "12345",
    ]

    /// One random input: pieces, random Unicode scalars and separators, in a random mix.
    static func randomInput(using generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6: text += pieces.randomElement(using: &generator)!
            case 6..<8: text += String(randomScalar(using: &generator))
            default: break
            }
            if Bool.random(using: &generator) { text += [" ", "", "  ", "\u{3000}"].randomElement(using: &generator)! }
        }
        return text
    }

    /// Any Unicode scalar value: surrogate code points, which are not scalars, are drawn again.
    static func randomScalar(using generator: inout SeededGenerator) -> Unicode.Scalar {
        while true {
            let range: ClosedRange<UInt32> = Bool.random(using: &generator) ? 0...0x2FFF : 0...0x10FFFF
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { return scalar }
        }
    }

    @Test func tenThousandRandomInputsNeverFail() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let index = FTS5Table(
            name: "notes_search", columns: ["title", "body"], contentTable: "notes", prefixLengths: [2])
        let pool = try await SQLitePool.open(path: folder.path("fuzz.sqlite"))
        try await pool.write { db in
            try db.execute("CREATE TABLE notes (title TEXT, body TEXT)")
            try db.run("INSERT INTO notes VALUES ('Marfa café', 'near and or not, naïve 東京 привет')")
            try db.run("INSERT INTO notes VALUES ('Ärger 12345', 'e\u{301} 😀 things')")
            try index.create(in: db)
        }
        let outcome = try await pool.read { db in
            var generator = SeededGenerator(seed: 0xF75_F022)
            var queries = 0, hits = 0
            var failures: [String] = []
            for _ in 0..<10_000 {
                let text = Self.randomInput(using: &generator)
                let prefix = Bool.random(using: &generator)
                let combining: FTS5Query.Combination = Bool.random(using: &generator) ? .allWords : .anyWord
                guard let query = FTS5Query(text, prefixLastWord: prefix, combining: combining) else {
                    if !FTS5Query.words(in: text).isEmpty { failures.append("no query for \(text.debugDescription)") }
                    continue
                }
                queries += 1
                do {
                    hits += try index.search(query, excerpt: .snippet(), limit: 5, in: db).count
                } catch {
                    failures.append("\(text.debugDescription) → \(query.expression.debugDescription): \(error)")
                }
            }
            return (queries, hits, failures)
        }
        #expect(outcome.2.isEmpty, "\(outcome.2.prefix(10).joined(separator: "\n"))")
        #expect(outcome.0 > 5_000)  // most inputs hold a word and were searched
        #expect(outcome.1 > 0)
        await pool.close()
    }
}
