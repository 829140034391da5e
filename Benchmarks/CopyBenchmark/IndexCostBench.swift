import Foundation
import Marfa
import MarfaSQLite

/// What the search index costs per item written, each way of keeping it side by side: the same
/// 10,000 rows inserted in one transaction into a scratch table shaped like `items`, the ways
/// taken in turn round by round (so a busy machine slows each alike), medians printed with the
/// cost over the table without an index. A way that indexes after the write prints that batch
/// apart: it runs on the writer's thread after the commit, off the write's path.
enum IndexCostBench {
    /// One way of keeping the index: the schema beside `items`, and whether a batch indexes after.
    struct Way {
        var name: String
        var schema: String
        var batch: Bool
    }

    /// The old design and its variants: every row indexed by a trigger in the write's transaction.
    static func inTheWrite(prefix: [Int]) -> Way {
        let table = FTS5Table(
            name: "item_search", columns: CopySearchIndex.table.columns, prefixLengths: prefix)
        let insert =
            "INSERT INTO item_search(rowid, title, body, other, tags) \(CopySearchIndex.textSelect(row: "new"))"
        let schema = """
            CREATE TABLE type_display(type TEXT PRIMARY KEY, title_field TEXT NOT NULL, body_field TEXT NOT NULL) WITHOUT ROWID;
            \(table.createTableSQL);
            CREATE TRIGGER items_search_ai AFTER INSERT ON items BEGIN \(insert); END;
            """
        let lengths = prefix.isEmpty ? "none" : prefix.map(String.init).joined(separator: " ")
        return Way(name: "indexed in the write, prefixes \(lengths)", schema: schema, batch: false)
    }

    static let ways: [Way] = [
        Way(name: "no index", schema: "", batch: false),
        inTheWrite(prefix: [1, 2, 3, 4]), inTheWrite(prefix: [2, 4]), inTheWrite(prefix: [3]), inTheWrite(prefix: []),
        Way(
            name: "noted in the write, indexed after in a batch (prefixes 1 2 3 4)", schema: CopySearchIndex.schemaSQL,
            batch: true),
    ]

    static func run(store: URL, rounds: Int = 3) throws {
        let source = try SQLiteConnection(path: store.path, options: .init(readOnly: true))
        let rows = try source.query("SELECT \(columns) FROM items LIMIT 10000")
        let displays = try source.query("SELECT type, title_field, body_field FROM type_display")
        let itemsTable = try source.first("SELECT sql FROM sqlite_master WHERE name = 'items'")?.string("sql") ?? ""
        source.close()
        let scratch = store.deletingLastPathComponent().appendingPathComponent("index-cost.sqlite")
        var writes = Array(repeating: [Double](), count: ways.count)
        var batches = Array(repeating: [Double](), count: ways.count)
        for _ in 0..<rounds {
            for (index, way) in ways.enumerated() {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: scratch.path + suffix)
                }
                let db = try SQLiteConnection(path: scratch.path)
                defer { db.close() }
                try db.execute(itemsTable + ";" + way.schema)
                if !way.schema.isEmpty {
                    for row in displays {
                        _ = try db.run("INSERT INTO type_display VALUES (?, ?, ?)", values: row.values)
                    }
                }
                writes[index].append(try timed { try insert(rows, into: db) })
                if way.batch {
                    batches[index].append(
                        try timed { try db.transaction { _ = try CopySearchIndex.flushPending(in: $0) } })
                }
            }
        }
        report(writes: writes, batches: batches, count: Double(max(rows.count, 1)))
    }

    static let columns =
        "id, type, state, tier, version, schema_version, source, source_id, occurred_at, created_at, updated_at, properties, tags, extensions, listed"

    static func insert(_ rows: [SQLiteRow], into db: SQLiteConnection) throws {
        try db.transaction { db in
            let insert = try db.prepare("INSERT INTO items(\(columns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
            for row in rows {
                try insert.bind(row.values)
                _ = try insert.step()
                insert.reset()
            }
        }
    }

    static func timed(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        return DrainBench.seconds(ContinuousClock.now - start)
    }

    /// Prints each way's median µs per row written, its cost over no index, and its batch.
    static func report(writes: [[Double]], batches: [[Double]], count: Double) {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] / count * 1e6 }
        let floor = median(writes[0])
        print("index cost per item written (10,000 rows, medians of \(writes[0].count) rounds taken in turn):")
        for (index, way) in ways.enumerated() {
            let write = median(writes[index])
            var line = String(format: "  %@: write %.1f µs, index cost %.1f µs", way.name, write, write - floor)
            if !batches[index].isEmpty {
                line += String(format: "; its batch after the commit %.1f µs per row", median(batches[index]))
            }
            print(line)
        }
    }
}
