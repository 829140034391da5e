import Foundation
import Marfa
import MarfaSQLite
import Testing

/// The excerpts both engines make from an item's own text.
@Suite("Search excerpts")
struct SearchExcerptTests {
    /// The excerpt of a note with `properties` and `tags` for `text` typed as a search.
    func excerpt(_ properties: JSONObject, tags: [String] = [], for text: String) throws -> Snippet {
        let item = Item(id: "n1", type: "core.note", properties: properties, tags: tags)
        let query = try #require(FTS5Query(text, prefixLastWord: true))
        return Snippet(marked: SearchExcerpt.marked(item, catalog: .empty, query: query))
    }

    @Test("the title's match is shown before the body's; a short text is shown whole, matches marked")
    func titleFirst() throws {
        let snippet = try excerpt(["title": "Garden plans", "body": "Dig the garden"], for: "garden ")
        #expect(snippet.text == "Garden plans")
        #expect(snippet.matchedText == ["Garden"])
    }

    @Test("a long body shows twelve words around the window with the most distinct query words, cut ends marked …")
    func windowOfTwelve() throws {
        let filler = (1...30).map { "w\($0)" }
        let body = (filler[0..<20] + ["apple"] + filler[20..<25] + ["apple", "pear"] + filler[25...]).joined(
            separator: " ")
        let snippet = try excerpt(["body": .string(body)], for: "pear apple ")
        #expect(snippet.text.hasPrefix("…") && snippet.text.hasSuffix("…"))
        #expect(snippet.matchedText == ["apple", "apple", "pear"])
        #expect(snippet.text.split(separator: " ").count == 12)
    }

    @Test("case and diacritics fold, the last word matches as a prefix while typed, punctuation between words is kept")
    func foldingAndPrefix() throws {
        let snippet = try excerpt(["title": "Le Café, près du marché"], for: "cafe marc")
        #expect(snippet.text == "Le Café, près du marché")
        #expect(snippet.matchedText == ["Café", "marché"])
        let finished = try excerpt(["title": "Le Café, près du marché"], for: "cafe marc ")
        #expect(finished.matchedText == ["Café"])
    }

    @Test("other text and tags are searched after the title and body; marks in an item's text never read as matches")
    func otherTextAndTags() throws {
        #expect(try excerpt(["title": "Misc", "notes": "a garden hose"], for: "hose").matchedText == ["hose"])
        #expect(try excerpt(["title": "Misc"], tags: ["garden", "red"], for: "red").text == "garden red")
        let marked = try excerpt(["title": "x \u{2}y\u{3} garden"], for: "garden")
        #expect(marked.text == "x y garden" && marked.matchedText == ["garden"])
    }

    @Test("an item whose text has no match shows its first words, unmarked")
    func noMatch() throws {
        let snippet = try excerpt(["title": "Nothing here"], for: "garden")
        #expect(snippet.text == "Nothing here" && snippet.matchedText.isEmpty)
    }
}
