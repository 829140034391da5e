import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite

/// The full-text index behind `GET /search`: an external-content FTS5 index over `item_search`,
/// one row per item (keyed by the item's `seq`) holding its text in three columns: `title` (the
/// type's title field), `body` (its body field) and `other` (every other string property, nested
/// ones included, and the tags).
///
/// The item write path (`ItemRecord.insert` / `update`) writes the item's row in the same
/// transaction as the item; deleting an item deletes its row (a trigger on `items`). The index
/// follows in batches: a new or changed row is only noted in `search_pending` by the write
/// (text it replaces is taken out of the index at once), and `indexPending` indexes the noted rows
/// many at a time, so a write never pays for FTS5 flushing a segment of its own.
/// `LocalStore` runs it shortly after writes, before every search and at open, so a search
/// finds every item committed before it began. Which property is the title and which the body
/// comes from the nearest display hints along the type's parents (`title` and `body` when none
/// name them).
enum ItemSearchIndex {
    /// The FTS5 index: the `unicode61` tokenizer folding case and diacritics ("cafe" finds "Café").
    static let table = FTS5Table(
        name: "item_search_index", columns: ["title", "body", "other"], contentTable: "item_search", contentRowID: "seq"
    )

    /// How much a match in each column counts in `bm25`: the title over the body over the rest.
    static let weights: [String: Double] = ["title": 10, "body": 4, "other": 1]

    /// Put before each match in a snippet; never part of indexed text (`text(of:)` drops it).
    static let markOpen: Unicode.Scalar = "\u{2}"
    /// Put after each match in a snippet; never part of indexed text.
    static let markClose: Unicode.Scalar = "\u{3}"

    /// The `meta` row a migration adds to ask that every item be indexed at the next open.
    static let fillRequest = "search_index_fill"

    /// Schema version 6: the text table, the index with its triggers, the trigger removing an
    /// item's text with the item, and the request to index the items already stored.
    static var migrationSQL: String {
        let statements =
            [
                "CREATE TABLE item_search (seq INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, other TEXT NOT NULL)",
                table.createTableSQL,
            ] + table.triggerSQL + [
                "CREATE TRIGGER items_search_ad AFTER DELETE ON items BEGIN DELETE FROM item_search WHERE seq = old.seq; END",
                "INSERT INTO meta (name, value) VALUES ('\(fillRequest)', 'pending') ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            ]
        return statements.joined(separator: ";\n")
    }

    /// Schema version 10: the index is kept in batches. The write path's triggers note a row in
    /// `search_pending` instead of indexing it; a row's old text leaves the index at once unless
    /// it was still waiting (then it was never indexed).
    static var deferredIndexingSQL: String {
        let index = table.quotedName
        let changed = (["seq"] + table.columns).map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
        let unindexOld = """
            INSERT INTO \(index) (\(index), rowid, title, body, other)
                SELECT 'delete', old.seq, old.title, old.body, old.other
                WHERE NOT EXISTS (SELECT 1 FROM search_pending WHERE seq = old.seq);
            DELETE FROM search_pending WHERE seq = old.seq;
            """
        let noteNew = "INSERT OR IGNORE INTO search_pending (seq) VALUES (new.seq);"
        return [
            "CREATE TABLE search_pending (seq INTEGER PRIMARY KEY)",
            "DROP TRIGGER item_search_index_ai", "DROP TRIGGER item_search_index_ad",
            "DROP TRIGGER item_search_index_au",
            "CREATE TRIGGER item_search_noted_ai AFTER INSERT ON item_search BEGIN \(noteNew) END",
            "CREATE TRIGGER item_search_noted_ad AFTER DELETE ON item_search BEGIN \(unindexOld) END",
            "CREATE TRIGGER item_search_noted_au AFTER UPDATE ON item_search WHEN \(changed) BEGIN \(unindexOld) \(noteNew) END",
        ].joined(separator: ";\n")
    }

    /// Indexes up to `limit` of the rows waiting in `search_pending`, oldest first, in one
    /// statement (one FTS5 segment); answers how many were taken.
    @discardableResult
    static func indexPending(upTo limit: Int, in db: SQLiteConnection) throws -> Int {
        let batch = "SELECT seq FROM search_pending ORDER BY seq LIMIT \(limit)"
        try db.run(
            """
            INSERT INTO \(table.quotedName) (rowid, title, body, other)
                SELECT seq, title, body, other FROM item_search WHERE seq IN (\(batch))
            """)
        return try db.run("DELETE FROM search_pending WHERE seq IN (\(batch))")
    }

    /// An item's indexed text.
    struct Text: Sendable, Hashable {
        var title: String
        var body: String
        var other: String
    }

    /// Which properties are an item type's title and body.
    struct Fields: Sendable, Hashable {
        var title: String
        var body: String

        static let fallback = Fields(title: "title", body: "body")
    }

    /// Writes (or rewrites) the text of `item`, stored with `seq`; the triggers note it for indexing.
    static func store(_ item: ItemRecord, seq: Int64, in db: SQLiteConnection) throws {
        try write(text(of: item, fields: try fields(of: item.type, in: db)), seq: seq, in: db)
    }

    /// Upserts the row of `seq`; an update whose text did not change leaves the index alone.
    private static func write(_ text: Text, seq: Int64, in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT INTO item_search (seq, title, body, other) VALUES (?, ?, ?, ?)
            ON CONFLICT (seq) DO UPDATE SET title = excluded.title, body = excluded.body, other = excluded.other
            """, seq, text.title, text.body, text.other)
    }

    /// The title and body properties of `type`: from the nearest type along its parents whose
    /// definition has display hints (at most 64 steps; a lost parent ends the walk).
    static func fields(of type: String, in db: SQLiteConnection) throws -> Fields {
        let registry = try TypeRegistry.load(db)
        var next: String? = type
        for _ in 0...64 {
            guard let id = next, let entry = registry.entries[id] else { break }
            if let hints = entry.definition.displayHints {
                return Fields(
                    title: hints.titleField ?? Fields.fallback.title, body: hints.bodyField ?? Fields.fallback.body)
            }
            next = entry.definition.parent
        }
        return .fallback
    }

    /// The text of `item` split by `fields`: every string inside a property, the other properties
    /// in name order, then the tags.
    static func text(of item: ItemRecord, fields: Fields) -> Text {
        var other: [String] = []
        for name in item.properties.keys.sorted() where name != fields.title && name != fields.body {
            collect(item.properties[name], into: &other)
        }
        other += item.tags
        var title: [String] = []
        collect(item.properties[fields.title], into: &title)
        var body: [String] = []
        collect(item.properties[fields.body], into: &body)
        return Text(title: clean(title), body: clean(body), other: clean(other))
    }

    /// Appends every string inside `value` (arrays and objects walked, object members by name).
    private static func collect(_ value: OpenAPIValue?, into texts: inout [String]) {
        switch value {
        case .string(let text)?: texts.append(text)
        case .array(let values)?: for value in values { collect(value, into: &texts) }
        case .object(let members)?: for name in members.keys.sorted() { collect(members[name], into: &texts) }
        default: break
        }
    }

    /// `texts` as one column's text, one per line, without the snippet marks.
    private static func clean(_ texts: [String]) -> String {
        let joined = texts.joined(separator: "\n")
        // The marks are single UTF-8 bytes, so a byte scan tells whether there is anything to drop.
        let marks = (UInt8(markOpen.value), UInt8(markClose.value))
        guard joined.utf8.contains(where: { $0 == marks.0 || $0 == marks.1 }) else { return joined }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: joined.unicodeScalars.lazy.filter { $0 != markOpen && $0 != markClose })
        return String(text)
    }

    // MARK: Filling and refreshing

    /// How many segments of one size FTS5 lets gather before it merges them (its own default is 4).
    /// The index grows a segment per batch of a few hundred rows; merging at 8 rewrites each row's
    /// entries fewer times. 100,000 notes in batches of 600 took 20% less CPU to index, and one-word
    /// and prefix queries took as long (Benchmarks/README).
    static let automerge = 8

    /// How many bytes of terms FTS5 gathers in memory before it writes them out as a segment
    /// (`hashsize`; its own default is 1 MiB). A batch of a few hundred notes passes 1 MiB and was
    /// written as several segments, each then merged again; at 16 MiB a batch is one segment.
    /// Indexing 30,000 notes in batches of 700 took about a fifth less CPU (Benchmarks/README).
    static let pendingTermBytes = 16 << 20

    /// Sets `automerge` and `hashsize` in the index's configuration (kept in the file); run at open.
    static func tune(in db: SQLiteConnection) throws {
        let insert = "INSERT INTO \(table.quotedName) (\(table.quotedName), rank) VALUES (?, ?)"
        try db.run(insert, "automerge", automerge)
        try db.run(insert, "hashsize", pendingTermBytes)
    }

    /// Writes every item's text when a migration asked for it (and drops the request), then
    /// indexes every row still waiting, in the caller's transaction.
    static func fillIfAsked(in db: SQLiteConnection) throws {
        if try db.first("SELECT 1 FROM meta WHERE name = ?", fillRequest) != nil {
            try reindex(where: "1", values: [], in: db)
            try db.run("DELETE FROM meta WHERE name = ?", fillRequest)
        }
        try indexPending(upTo: Int.max, in: db)
    }

    /// Rewrites the text of every item of `types` (after their display hints changed).
    static func refresh(types: Set<String>, in db: SQLiteConnection) throws {
        guard !types.isEmpty else { return }
        let list = types.map { _ in "?" }.joined(separator: ", ")
        try reindex(where: "type IN (\(list))", values: types.sorted(), in: db)
    }

    /// Rewrites the text of the items matching `condition`, each type's fields read once.
    private static func reindex(where condition: String, values: [any SQLiteBindable], in db: SQLiteConnection) throws {
        var fieldsByType: [String: Fields] = [:]
        for row in try db.query("SELECT * FROM items WHERE \(condition) ORDER BY seq", values: values) {
            let item = try ItemRecord(row: row)
            let fields = try fieldsByType[item.type] ?? Self.fields(of: item.type, in: db)
            fieldsByType[item.type] = fields
            try write(text(of: item, fields: fields), seq: item.seq, in: db)
        }
    }
}
