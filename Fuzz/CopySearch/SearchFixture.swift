import Foundation
import FuzzSupport
import Marfa
import MarfaSQLite

/// The copy's search index in an in-memory database over an `items` table shaped like the
/// copy's, holding a few items whose text has quotes, dashes, stars, diacritics and scripts.
final class SearchFixture {
    private let db: SQLiteConnection

    static let items: [(id: String, type: String, properties: String, tags: String)] = [
        (
            "i1", "note",
            #"{"title": "Marfa café — \"quoted\" notes", "body": "near AND or NOT; e-mail *star* (paren)"}"#,
            #"["work", "to-do"]"#
        ),
        ("i2", "note", #"{"title": "Ärger 東京 привет", "body": "naïve résumé 12345 x\"y"}"#, #"["travel"]"#),
        ("i3", "book", #"{"name": "The Book of Sand", "text": "NEAR/2 title: {body} ^start", "pages": 120}"#, "[]"),
    ]

    init() {
        do {
            db = try SQLiteConnection(path: ":memory:")
            try db.execute(
                """
                CREATE TABLE items(id TEXT PRIMARY KEY, type TEXT NOT NULL, state TEXT NOT NULL, properties TEXT NOT NULL,
                    tags TEXT NOT NULL DEFAULT '[]');
                \(CopySearchIndex.schemaSQL)
                """)
            for item in Self.items {
                _ = try db.run(
                    "INSERT INTO items(id, type, state, properties, tags) VALUES (?, ?, 'active', ?, ?)",
                    item.id, item.type, item.properties, item.tags)
            }
        } catch {
            FuzzFinding.report("the search index could not be made: \(error)")
        }
    }

    /// Runs `query` as the copy's search does, over active and archived items; any error is a finding.
    func search(_ query: FTS5Query, typed text: String) {
        let request = SearchRequest(
            query: query, types: nil, states: [.active, .archived], tags: [], ids: nil, limit: 20)
        do {
            _ = try CopySearchIndex.search(request, columns: "id, type", in: db)
        } catch {
            FuzzFinding.report("\(text.debugDescription) → \(query.expression.debugDescription): \(error)")
        }
    }
}
