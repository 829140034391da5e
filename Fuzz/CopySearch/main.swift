// Fuzz target: the working copy's search query builder — how typed text becomes an FTS5 `MATCH`
// expression (`FTS5Query`, with the last word a prefix as a person types, and the name phrases
// link candidates search) — run through the copy's own search (`CopySearchIndex.search`) on a
// real in-memory FTS5 index holding a few items. Input: the typed text (UTF-8; invalid bytes
// read as U+FFFD). No text may make SQLite refuse the expression. The excerpt of an item whose
// body is the text is made too (`checkExcerpt`).
import FuzzSupport
import Marfa
import MarfaSQLite

let index = SearchFixture()

FuzzDriver.run { input in
    let text = input.text
    for prefix in [true, false] {
        guard let words = FTS5Query(text, prefixLastWord: prefix) else {
            if !FTS5Query.words(in: text).isEmpty {
                FuzzFinding.report("no query for \(text.debugDescription), which holds words")
            }
            return
        }
        checkExcerpt(of: text, for: words)
        let title = "title"
        for query in [words, words.phraseStarting(column: title, prefix: false), words.phraseStarting(column: title)] {
            index.search(query, typed: text)
        }
    }
    if let anyWord = FTS5Query(text, combining: .anyWord) { index.search(anyWord, typed: text) }
}
