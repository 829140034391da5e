import MarfaSQLite

/// The copy's full-text index, shared by every engine: an FTS5 table over `items`. Each item's
/// text is four columns: its type's title field, its body field (the display hints along the
/// parents, else `title` and `body`), every other top-level string value, and its tags. The
/// `unicode61` tokenizer folds case and diacritics ("cafe" finds "Café").
///
/// A write doesn't index: triggers on `items` note the row id of each row written or removed in
/// `search_pending`, in the write's own transaction (an update only when its type, properties or
/// tags changed, so adopting the server's answer to the copy's own write notes nothing), and
/// `flushPending` indexes the rows noted in one batch later (see `SQLiteCopyStore.scheduleIndexing`). A search reads the rows not yet
/// indexed from `items` itself (`UnindexedSearch`), so it never misses a row the copy holds.
///
/// The SQLite store keeps it beside its rows; the fake copy keeps its items in an in-memory
/// database with the same schema and flushes after each write, so both answer with the same hits,
/// order and excerpts.
package enum CopySearchIndex {
    package static let table = FTS5Table(
        name: "item_search", columns: ["title", "body", "other", "tags"], prefixLengths: [1, 2, 3, 4])

    /// How much a match in each column counts in `bm25`: title, body, other text, tags.
    static let weights = "10.0, 4.0, 1.0, 1.0"

    /// Put around each matched word in an excerpt; never in indexed text.
    package static let markOpen = "\u{2}"
    package static let markClose = "\u{3}"

    /// How many bytes of new index entries FTS5 gathers in memory before it writes them out
    /// (its `hashsize`; 1 MiB by default): a batch of thousands of rows is written as a few large
    /// segments instead of many small ones merged again, about a third less work per row. Only
    /// the batches that fill the index after a hydration fill it: at 16 MiB rather than 8, a
    /// 50,000-item hydration took 4.0 s instead of 5.6 s, at a peak of 119 MB resident instead of 90.
    package static let batchMemory = 16 << 20

    /// Sets how much the index gathers in memory (`batchMemory`).
    static var hashSizeSQL: String { "INSERT INTO item_search(item_search, rank) VALUES ('hashsize', \(batchMemory))" }

    /// The index, the title and body field of each type, the table of rows not yet indexed and
    /// the triggers filling it, for a database whose `items` table has `type`, `state`,
    /// `properties` and `tags` (a JSON array) columns.
    package static var schemaSQL: String {
        // Not `INSERT OR IGNORE`: a trigger takes the conflict policy of the statement firing it
        // (an upsert's is to fail), so a row noted twice is skipped by the `WHERE` instead.
        func note(_ row: String) -> String {
            "INSERT INTO search_pending(rowid) SELECT \(row).rowid WHERE NOT EXISTS (SELECT 1 FROM search_pending WHERE rowid = \(row).rowid);"
        }
        let indexing = "NOT EXISTS (SELECT 1 FROM search_deferred)"
        return [
            "CREATE TABLE IF NOT EXISTS type_display(type TEXT PRIMARY KEY, title_field TEXT NOT NULL, body_field TEXT NOT NULL) WITHOUT ROWID",
            "CREATE TABLE IF NOT EXISTS search_deferred(since INTEGER)",
            "CREATE TABLE IF NOT EXISTS search_pending(rowid INTEGER PRIMARY KEY)",
            table.createTableSQL,
            hashSizeSQL,
            "CREATE TRIGGER IF NOT EXISTS items_pending_ai AFTER INSERT ON items WHEN \(indexing) BEGIN \(note("new")) END",
            "CREATE TRIGGER IF NOT EXISTS items_pending_ad AFTER DELETE ON items WHEN \(indexing) BEGIN \(note("old")) END",
            """
            CREATE TRIGGER IF NOT EXISTS items_pending_au AFTER UPDATE OF type, properties, tags ON items
            WHEN \(indexing) AND (old.type IS NOT new.type OR old.properties IS NOT new.properties OR old.tags IS NOT new.tags)
            BEGIN \(note("old")) END
            """,
        ].joined(separator: ";\n") + ";"
    }

    /// Store version 4: the triggers that indexed each write in its transaction replaced by the
    /// ones noting rows to index later, and every item indexed again.
    static var pendingMigrationSQL: String {
        """
        DROP TRIGGER IF EXISTS items_search_ai;
        DROP TRIGGER IF EXISTS items_search_ad;
        DROP TRIGGER IF EXISTS items_search_au;
        \(schemaSQL)
        DELETE FROM search_pending;
        DELETE FROM item_search;
        INSERT INTO item_search(rowid, title, body, other, tags) \(textSelect(row: "items"))
          WHERE NOT EXISTS (SELECT 1 FROM search_deferred);
        """
    }

    /// Indexes the rows `search_pending` notes (each as `items` holds it now, or not at all when
    /// it was removed) in one batch, the first `limit` of them by row id, and forgets them.
    /// Answers how many rows it indexed or dropped: fewer than `limit` once none are left.
    @discardableResult
    package static func flushPending(in db: SQLiteConnection, limit: Int = .max) throws -> Int {
        guard try hasPending(in: db) else { return 0 }
        let noted = "(SELECT rowid FROM search_pending ORDER BY rowid LIMIT \(limit))"
        _ = try db.run("DELETE FROM item_search WHERE rowid IN \(noted)")
        _ = try db.run(
            "INSERT INTO item_search(rowid, title, body, other, tags) \(textSelect(row: "items")) WHERE items.rowid IN \(noted)"
        )
        return try db.run("DELETE FROM search_pending WHERE rowid IN \(noted)")
    }

    /// Whether some row waits to be indexed.
    package static func hasPending(in db: SQLiteConnection) throws -> Bool {
        try db.first("SELECT 1 FROM search_pending LIMIT 1") != nil
    }

    /// The `SELECT` of an item's four columns: one item's in a trigger (`row` `new`), every item's
    /// over the table (`row` `items`), the type's fields found by one join.
    /// `leading` adds columns of `row` before the four.
    package static func textSelect(row: String, leading: String = "") -> String {
        let title = "coalesce(d.title_field, 'title')"
        let body = "coalesce(d.body_field, 'body')"
        let source = row == "new" ? "(SELECT 1) AS one" : row
        return """
            SELECT \(row).rowid,\(leading)
              coalesce(CAST(json_extract(\(row).properties, '$.' || \(title)) AS TEXT), ''),
              coalesce(CAST(json_extract(\(row).properties, '$.' || \(body)) AS TEXT), ''),
              (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(\(row).properties)
                WHERE type = 'text' AND key NOT IN (\(title), \(body))),
              (SELECT coalesce(group_concat(value, ' '), '') FROM json_each(\(row).tags))
            FROM \(source) LEFT JOIN type_display AS d ON d.type = \(row).type
            """
    }

    /// Stops noting each write (a hydration fills the store first); `indexAll` notes every row
    /// and starts again.
    package static func deferIndexing(in db: SQLiteConnection) throws {
        _ = try db.run("DELETE FROM search_deferred")
        _ = try db.run("INSERT INTO search_deferred(since) VALUES (1)")
    }

    /// Empties the index and notes every item for it, so the batches after this write index
    /// them all again (a search waits for them); each write is noted from now on. The index is
    /// made anew rather than emptied row by row, which would take as long as filling it.
    package static func indexAll(in db: SQLiteConnection) throws {
        _ = try db.run("DELETE FROM search_deferred")
        _ = try db.run("DELETE FROM search_pending")
        try db.execute("DROP TABLE item_search; \(table.createTableSQL); \(hashSizeSQL)")
        _ = try db.run("INSERT INTO search_pending(rowid) SELECT rowid FROM items")
    }

    /// Records each type's title and body fields from `catalog`; when they changed, notes every
    /// item to be indexed again. Returns whether they changed.
    @discardableResult
    package static func setDisplays(from catalog: CopyCatalog, in db: SQLiteConnection) throws -> Bool {
        var wanted: [String: [String]] = [:]
        for id in catalog.itemTypes.keys {
            let fields = catalog.displayFields(of: id)
            wanted[id] = [fields.title, fields.body]
        }
        var held: [String: [String]] = [:]
        for row in try db.query("SELECT type, title_field, body_field FROM type_display") {
            held[row.string("type") ?? ""] = [row.string("title_field") ?? "", row.string("body_field") ?? ""]
        }
        guard wanted != held else { return false }
        _ = try db.run("DELETE FROM type_display")
        for (type, fields) in wanted {
            _ = try db.run(
                "INSERT INTO type_display(type, title_field, body_field) VALUES (?, ?, ?)", type, fields[0], fields[1])
        }
        try reindex(in: db)
        return true
    }

    /// Notes every item to be indexed again, unless a hydration is filling the store.
    static func reindex(in db: SQLiteConnection) throws {
        guard try db.first("SELECT 1 FROM search_deferred") == nil else { return }
        try indexAll(in: db)
    }
}
