import Foundation
import Marfa
import MarfaSQLite
import Testing

@Suite("Working copy: the search index kept in batches after each write", .timeLimit(.minutes(2)))
struct SearchIndexingTests {
    /// A store file holding `items` with the copy's index beside it, written with raw SQLite.
    private static func scratch() throws -> (SQLiteConnection, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = try SQLiteConnection(path: folder.appendingPathComponent("index.sqlite").path)
        try db.execute(
            """
            CREATE TABLE items(id TEXT PRIMARY KEY, type TEXT NOT NULL, state TEXT NOT NULL, properties TEXT NOT NULL,
                tags TEXT NOT NULL DEFAULT '[]');
            \(CopySearchIndex.schemaSQL)
            """)
        return (db, folder)
    }

    private static func put(
        _ id: String, _ properties: String, state: String = "active", in db: SQLiteConnection
    ) throws {
        _ = try db.run(
            """
            INSERT INTO items(id, type, state, properties) VALUES (?, 'core.note', ?, ?)
            ON CONFLICT(id) DO UPDATE SET state = excluded.state, properties = excluded.properties
            """, id, state, properties)
    }

    private static func search(_ text: String, in db: SQLiteConnection) throws -> [SearchRow] {
        let request = SearchRequest(
            query: try #require(FTS5Query(text, prefixLastWord: true)), types: nil, states: [.active, .archived],
            tags: [], ids: nil, limit: 20)
        return try CopySearchIndex.search(request, in: db)
    }

    private static func pending(_ db: SQLiteConnection) throws -> Int64 {
        try db.first("SELECT count(*) FROM search_pending")?[0].integer ?? -1
    }

    @Test("rows written and not yet indexed are found, ranked as indexing ranks them; the batch empties the table")
    func unindexedRowsFound() throws {
        let (db, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.put("a", #"{"title": "Garden café plans", "body": "Seeds."}"#, in: db)
        try Self.put("b", #"{"title": "Weekend", "body": "Work in the garden"}"#, in: db)
        try Self.put("c", #"{"title": "Misc", "notes": "garden hose"}"#, in: db)
        #expect(try Self.pending(db) == 3)
        let before = try Self.search("garden", in: db)
        #expect(before.map(\.itemId) == ["a", "b", "c"])
        #expect(try Self.search("cafe", in: db).map(\.itemId) == ["a"])
        #expect(try Self.search("gard", in: db).count == 3)
        #expect(try CopySearchIndex.flushPending(in: db) == 3)
        #expect(try Self.pending(db) == 0)
        // The same three rows over the same three rows: the same scores once indexed.
        let after = try Self.search("garden", in: db)
        #expect(after.map(\.itemId) == before.map(\.itemId) && after.map(\.score) == before.map(\.score))
        db.close()
    }

    @Test("a changed row is found by its new text only, a removed or binned one not at all, before the batch and after")
    func changesFollowed() throws {
        let (db, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.put("a", #"{"title": "Apple pie"}"#, in: db)
        try Self.put("b", #"{"title": "Apple tart"}"#, in: db)
        try CopySearchIndex.flushPending(in: db)
        try Self.put("a", #"{"title": "Pear pie"}"#, in: db)
        // Written again before the batch: an upsert's trigger notes the row once.
        try Self.put("a", #"{"title": "Pear pie"}"#, in: db)
        _ = try db.run("DELETE FROM items WHERE id = 'b'")
        try Self.put("c", #"{"title": "Apple crumble"}"#, in: db)
        try Self.put("d", #"{"title": "Apple in the bin"}"#, state: "trashed", in: db)
        for flushed in [false, true] {
            if flushed { try CopySearchIndex.flushPending(in: db) }
            #expect(try Self.search("apple", in: db).map(\.itemId) == ["c"])
            #expect(try Self.search("pear", in: db).map(\.itemId) == ["a"])
            #expect(try Self.search("tart", in: db).isEmpty)
        }
        #expect(try db.first("SELECT count(*) FROM item_search")?[0].integer == 3)
        db.close()
    }

    @Test("an update leaving the type, properties and tags as they were (an adopted answer) notes nothing to index")
    func unchangedTextNotNoted() throws {
        let (db, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.put("a", #"{"title": "Quince"}"#, in: db)
        try CopySearchIndex.flushPending(in: db)
        _ = try db.run("UPDATE items SET state = 'archived', type = type, properties = properties, tags = tags")
        #expect(try Self.pending(db) == 0)
        _ = try db.run(#"UPDATE items SET properties = '{"title": "Medlar"}' WHERE id = 'a'"#)
        #expect(try Self.pending(db) == 1)
        #expect(try Self.search("medlar", in: db).map(\.itemId) == ["a"])
        db.close()
    }

    @Test("a batch takes the first rows noted, by row id, and leaves the rest noted and still found")
    func batchesTakeTheFirstRows() throws {
        let (db, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, id) in ["a", "b", "c", "d", "e"].enumerated() {
            try Self.put(id, #"{"title": "Rowan \#(index)"}"#, in: db)
        }
        #expect(try CopySearchIndex.flushPending(in: db, limit: 2) == 2)
        #expect(
            try db.query("SELECT rowid FROM search_pending ORDER BY rowid").compactMap { $0[0].integer } == [3, 4, 5])
        #expect(try db.query("SELECT rowid FROM item_search ORDER BY rowid").compactMap { $0[0].integer } == [1, 2])
        #expect(try Self.search("rowan", in: db).count == 5)
        #expect(try CopySearchIndex.flushPending(in: db, limit: 2) == 2)
        #expect(try CopySearchIndex.flushPending(in: db, limit: 2) == 1)
        #expect(try CopySearchIndex.flushPending(in: db, limit: 2) == 0)
        #expect(try Self.search("rowan", in: db).count == 5)
        _ = try db.run("INSERT INTO item_search(item_search, rank) VALUES ('integrity-check', 1)")
        db.close()
    }

    @Test("indexing everything again makes the index anew and notes every row: stale text is gone, every row found")
    func indexAllStartsOver() throws {
        let (db, folder) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.put("a", #"{"title": "Damson"}"#, in: db)
        try Self.put("b", #"{"title": "Greengage"}"#, in: db)
        try CopySearchIndex.flushPending(in: db)
        // Changed and removed behind the index's back, as a hydration's writes are.
        try CopySearchIndex.deferIndexing(in: db)
        _ = try db.run("DELETE FROM items")
        try Self.put("c", #"{"title": "Mirabelle"}"#, in: db)
        #expect(try Self.pending(db) == 0)
        try db.transaction { db in try CopySearchIndex.indexAll(in: db) }
        #expect(try db.first("SELECT count(*) FROM item_search")?[0].integer == 0)
        #expect(try Self.pending(db) == 1)
        #expect(
            try db.first("SELECT v FROM item_search_config WHERE k = 'hashsize'")?[0].integer
                == Int64(CopySearchIndex.batchMemory))
        for flushed in [false, true] {
            if flushed { try CopySearchIndex.flushPending(in: db) }
            #expect(try Self.search("mirabelle", in: db).map(\.itemId) == ["c"])
            #expect(try Self.search("damson", in: db).isEmpty)
        }
        #expect(try db.first("SELECT count(*) FROM item_search")?[0].integer == 1)
        _ = try db.run("INSERT INTO item_search(item_search, rank) VALUES ('integrity-check', 1)")
        db.close()
    }

    @Test(
        "a hydration leaves its rows noted for the writer's batches; the first search waits for the index and finds them"
    )
    func hydrationIndexesAfter() async throws {
        try await CopyTestInstance.with { test in
            for index in 0..<3 { try await test.createItem("core.note", properties: #"{"title": "Quince \#(index)"}"#) }
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let db = try SQLiteConnection(path: test.store().path, options: .init(readOnly: true))
            // Noted, or indexed already when the batch scheduled after the hydration has run.
            let indexed = "SELECT count(*) FROM item_search WHERE item_search MATCH 'quince'"
            #expect(try Self.pending(db) + (db.first(indexed)?[0].integer ?? 0) == 3)
            #expect(try await copy.search("quince").count == 3)
            #expect(try Self.pending(db) == 0)
            #expect(try db.first(indexed)?[0].integer == 3)
            db.close()
            await copy.close()
        }
    }

    @Test("a store's own search indexes its writes first; closing leaves nothing unindexed")
    func writerIndexes() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "Held quince"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let written = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Fresh quince"]))
            #expect(try await copy.search("quince").map(\.item.id).contains(try #require(written.itemId)))
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Late quince"]))
            await copy.close()
            let db = try SQLiteConnection(path: test.store().path, options: .init(readOnly: true))
            #expect(try Self.pending(db) == 0)
            #expect(try db.first("SELECT count(*) FROM item_search WHERE item_search MATCH 'quince'")?[0].integer == 3)
            db.close()
        }
    }

    @Test("rows a writer left noted when it stopped are found by a reader, and indexed by the next writer")
    func leftNoted() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Sloe gin"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            // As a writer stopped between its write and the batch leaves the file: noted, not indexed.
            let pool = try await SQLitePool.open(path: test.store().path)
            _ = try await pool.write { db in
                try db.execute("INSERT INTO search_pending(rowid) SELECT rowid FROM items; DELETE FROM item_search")
            }
            await pool.close()
            let reader = try await WorkingCopy.openReader(store: test.store())
            #expect(try await reader.search("sloe").map(\.item.id) == [id])
            await reader.close()
            let writer = try await WorkingCopy.open(store: test.store())
            #expect(try await writer.search("gin").map(\.item.id) == [id])
            await writer.close()
            let db = try SQLiteConnection(path: test.store().path, options: .init(readOnly: true))
            #expect(try Self.pending(db) == 0)
            #expect(try db.first("SELECT count(*) FROM item_search WHERE item_search MATCH 'sloe'")?[0].integer == 1)
            db.close()
        }
    }

    @Test(
        "a store of version 3, indexed in each write's transaction, opens at the newest version with every item indexed again"
    )
    func olderStoreReindexed() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Medlar jam"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            let insert =
                "INSERT INTO item_search(rowid, title, body, other, tags) \(CopySearchIndex.textSelect(row: "new"))"
            let pool = try await SQLitePool.open(path: test.store().path)
            _ = try await pool.write { db in
                try db.execute(
                    """
                    DROP TRIGGER items_pending_ai; DROP TRIGGER items_pending_ad; DROP TRIGGER items_pending_au;
                    DROP TABLE search_pending; DELETE FROM item_search; DELETE FROM schema_version WHERE version >= 4;
                    CREATE TRIGGER items_search_ai AFTER INSERT ON items BEGIN \(insert); END;
                    CREATE TRIGGER items_search_ad AFTER DELETE ON items BEGIN DELETE FROM item_search WHERE rowid = old.rowid; END;
                    """)
            }
            await pool.close()
            let reopened = try await WorkingCopy.open(store: test.store())
            #expect(try await reopened.search("medlar").map(\.item.id) == [id])
            await reopened.close()
            let db = try SQLiteConnection(path: test.store().path, options: .init(readOnly: true))
            let triggers = try db.query("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            #expect(
                triggers.compactMap { $0.string("name") } == [
                    "items_pending_ad", "items_pending_ai", "items_pending_au",
                ])
            #expect(try db.first("SELECT max(version) FROM schema_version")?[0].integer == 5, "the newest version")
            db.close()
        }
    }
}
