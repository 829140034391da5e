import FuzzSupport
import Marfa
import MarfaSQLite

/// Makes the excerpt of an item whose body is `text` for `query` (made of `text`'s own words):
/// it must be a piece of the title or the body (the index's marks taken out) and mark at least one
/// word.
func checkExcerpt(of text: String, for query: FTS5Query) {
    let item = Item(id: "i1", type: "note", properties: ["title": "Fixed title", "body": .string(text)])
    let snippet = Snippet(marked: SearchExcerpt.marked(item, catalog: .empty, query: query))
    // By scalars: a word may begin with a combining mark, which joins the "…" before it into one character.
    var scalars = Substring(snippet.text).unicodeScalars
    if scalars.first == "…" { scalars.removeFirst() }
    if scalars.last == "…" { scalars.removeLast() }
    let piece = Substring(scalars)
    let body = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{2}" && $0 != "\u{3}" }))
    if !piece.isEmpty && !holds(body, piece) && !holds("Fixed title", piece) {
        FuzzFinding.report(
            "the excerpt \(snippet.text.debugDescription) is not a piece of the title or \(text.debugDescription)")
    }
    if snippet.matches.isEmpty {
        FuzzFinding.report("the excerpt of \(text.debugDescription) marks none of its own words \(query.words)")
    }
}

/// Whether `text` holds `piece` scalar for scalar (`String.contains` compares characters, and an
/// excerpt may end inside one).
func holds(_ text: String, _ piece: Substring) -> Bool {
    let (whole, part) = (Array(text.unicodeScalars), Array(piece.unicodeScalars))
    guard part.count <= whole.count else { return false }
    return (0...(whole.count - part.count)).contains { whole[$0..<$0 + part.count].elementsEqual(part) }
}
