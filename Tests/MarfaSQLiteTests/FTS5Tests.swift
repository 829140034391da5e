import Foundation
import MarfaSQLite
import Testing

/// Full-text search on FTS5: an external-content index kept in step by triggers, ranking, excerpts.
@Suite struct FTS5Tests {
    static let index = FTS5Table(
        name: "notes_search", columns: ["title", "body"], contentTable: "notes", contentRowID: "id",
        prefixLengths: [2, 3])

    /// A pool on a fresh file with `notes (id, title, body, color)` and its search index.
    static func pool(in folder: TemporaryDirectory, rows: [(Int, String, String)]) async throws -> SQLitePool {
        let pool = try await SQLitePool.open(path: folder.path("fts.sqlite"))
        try await pool.write { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, color TEXT)")
            for (id, title, body) in rows {
                try db.run("INSERT INTO notes (id, title, body) VALUES (?, ?, ?)", id, title, body)
            }
            try index.create(in: db)
        }
        return pool
    }

    /// The rowids `text` finds, best first.
    static func find(
        _ text: String, prefix: Bool = false, weights: [String: Double] = [:], in pool: SQLitePool
    ) async throws -> [Int64] {
        guard let query = FTS5Query(text, prefixLastWord: prefix) else { return [] }
        return try await pool.read { db in try index.search(query, weights: weights, in: db).map(\.rowID) }
    }

    @Test func sqliteHasFTS5() async throws {
        let db = try SQLiteConnection(path: ":memory:")
        let options = try db.fetchValues(String.self, "PRAGMA compile_options")
        #expect(options.contains("ENABLE_FTS5"))
    }

    @Test func theTableStatementsSayWhatTheDescriptionSays() {
        #expect(
            Self.index.createTableSQL == """
                CREATE VIRTUAL TABLE IF NOT EXISTS "notes_search" USING fts5("title", "body", content='notes', \
                content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')
                """)
        #expect(Self.index.triggerSQL.count == 3)
        #expect(Self.index.triggerSQL[1].contains("VALUES ('delete', old.\"id\", old.\"title\", old.\"body\")"))
        #expect(FTS5Table(name: "own", columns: ["a"]).triggerSQL.isEmpty)
    }

    @Test func createIndexesRowsAlreadyThereAndTriggersFollowChanges() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder, rows: [(1, "Groceries", "apples and pears")])
        #expect(try await Self.find("apples", in: pool) == [1])

        try await pool.write { try $0.run("INSERT INTO notes (id, title, body) VALUES (2, 'Trip', 'pears in Lisbon')") }
        #expect(try await Self.find("pears", in: pool).sorted() == [1, 2])
        try await pool.write { try $0.run("UPDATE notes SET body = 'figs only' WHERE id = 1") }
        #expect(try await Self.find("apples", in: pool) == [])
        #expect(try await Self.find("figs", in: pool) == [1])
        try await pool.write { try $0.run("UPDATE notes SET color = 'red' WHERE id = 1") }  // not indexed
        #expect(try await Self.find("figs", in: pool) == [1])
        try await pool.write { try $0.run("UPDATE notes SET id = 10 WHERE id = 1") }
        #expect(try await Self.find("figs", in: pool) == [10])
        try await pool.write { try $0.run("DELETE FROM notes WHERE id = 2") }
        #expect(try await Self.find("pears", in: pool) == [])
        #expect(try await Self.find("Lisbon", in: pool) == [])
        await pool.close()
    }

    @Test func rebuildRepairsAnIndexAfterChangesItMissed() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder, rows: [(1, "One", "alpha")])
        try await pool.write { db in
            try Self.index.drop(in: db)
            try db.run("INSERT INTO notes (id, title, body) VALUES (2, 'Two', 'alpha beta')")
            try db.execute(Self.index.createTableSQL)
        }
        #expect(try await Self.find("alpha", in: pool) == [])
        try await pool.write { try Self.index.rebuild(in: $0) }
        #expect(try await Self.find("alpha", in: pool).sorted() == [1, 2])
        await pool.close()
    }

    @Test func weightsDecideWhichColumnCountsMore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(
            in: folder,
            rows: [
                (1, "marfa", "apple banana cherry"),
                (2, "apple", "marfa banana cherry"),
            ])
        #expect(try await Self.find("marfa", weights: ["title": 10, "body": 1], in: pool) == [1, 2])
        #expect(try await Self.find("marfa", weights: ["title": 1, "body": 10], in: pool) == [2, 1])
        let rank = try Self.index.rankExpression(weights: ["body": 2.5])
        #expect(rank == "bm25(\"notes_search\", 1.0, 2.5)")
        #expect(throws: SQLiteError.self) { try Self.index.rankExpression(weights: ["nope": 1]) }
        await pool.close()
    }

    @Test func diacriticsAndCaseFold() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder, rows: [(1, "Café au lait", "Crème brûlée"), (2, "Tea", "green")])
        #expect(try await Self.find("cafe", in: pool) == [1])
        #expect(try await Self.find("CAFÉ", in: pool) == [1])
        #expect(try await Self.find("creme brulee", in: pool) == [1])
        await pool.close()
    }

    @Test func theLastWordIsAPrefixWhileTyping() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(
            in: folder, rows: [(1, "Marfa notes", "about marfa"), (2, "Mars", "red planet")])
        #expect(try await Self.find("marf", prefix: true, in: pool) == [1])
        #expect(try await Self.find("mar", prefix: true, in: pool).sorted() == [1, 2])
        #expect(try await Self.find("marf", prefix: false, in: pool) == [])
        #expect(try await Self.find("marf ", prefix: true, in: pool) == [])  // a finished word
        #expect(try await Self.find("red pla", prefix: true, in: pool) == [2])
        await pool.close()
    }

    @Test func snippetsAndHighlightsMarkTheMatches() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let body = "Long ago in a small town there was a café where everyone met on Sundays to talk and read"
        let pool = try await Self.pool(in: folder, rows: [(1, "Stories", body)])
        let query = try #require(FTS5Query("cafe"))
        let hits = try await pool.read { db in
            (
                try Self.index.search(
                    query, excerpt: .snippet(column: "body", open: "<b>", close: "</b>", tokens: 6), in: db),
                try Self.index.search(query, excerpt: .snippet(), in: db),
                try Self.index.search(query, excerpt: .highlight(column: "body", open: "«", close: "»"), in: db)
            )
        }
        let snippet = try #require(hits.0.first?.excerpt)
        #expect(snippet.contains("<b>café</b>"))
        #expect(snippet.contains("…"))
        #expect(hits.1.first?.excerpt?.contains("[café]") == true)
        #expect(hits.2.first?.excerpt == body.replacing("café", with: "«café»"))
        #expect(hits.0.first?.score ?? 0 < 0)
        await pool.close()
    }

    @Test func searchPagesThroughHits() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder, rows: (1...7).map { ($0, "note \($0)", "common word") })
        let query = try #require(FTS5Query("common"))
        let pages = try await pool.read { db in
            (
                try Self.index.search(query, limit: 3, in: db).map(\.rowID),
                try Self.index.search(query, limit: 3, offset: 3, in: db).map(\.rowID),
                try Self.index.search(query, limit: 3, offset: 6, in: db).map(\.rowID)
            )
        }
        #expect(Set(pages.0 + pages.1 + pages.2) == Set(1...7))
        #expect(pages.2.count == 1)
        await pool.close()
    }

    @Test func operatorWordsArePlainText() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(
            in: folder, rows: [(1, "Plans", "the near future or not"), (2, "Other", "nothing")])
        #expect(try await Self.find("NEAR", in: pool) == [1])
        #expect(try await Self.find("near OR", in: pool) == [1])
        #expect(try await Self.find("NOT", in: pool) == [1])
        #expect(try await Self.find("\"near\" -future* (or):not ^the", in: pool) == [1])
        #expect(try await Self.find("NEAR(near future, 2)", in: pool) == [])  // the word "2" is not in the row
        await pool.close()
    }

    @Test func theQueryQuotesEveryWord() throws {
        let query = try #require(FTS5Query("  Say \"NEAR\" -it*, (or) not:  ", prefixLastWord: true))
        #expect(query.words == ["Say", "NEAR", "it", "or", "not"])
        #expect(query.expression == "\"Say\" AND \"NEAR\" AND \"it\" AND \"or\" AND \"not\"")
        #expect(!query.lastWordIsPrefix)
        #expect(FTS5Query("marf", prefixLastWord: true)?.expression == "\"marf\"*")
        #expect(FTS5Query("a b", combining: .anyWord)?.expression == "\"a\" OR \"b\"")
        #expect(FTS5Query("naïve café")?.words == ["naïve", "café"])
        #expect(FTS5Query("東京タワー")?.words == ["東京タワー"])
    }

    @Test func textWithNoWordMakesNoQuery() {
        for text in ["", "   ", "\"", "\"\"", "- * ( ) : ^", "😀👍🏽", "\u{0}\u{1}\n\t", "«»—…"] {
            #expect(FTS5Query(text) == nil, "\(text.debugDescription)")
        }
    }
}
