#if DEBUG
import Marfa
import MarfaSQLite
import Synchronization

/// The fake copy's full-text index: the copy's own index (`CopySearchIndex`) in a private database
/// in memory, over a table holding what it reads of each item. The fake writes every item change
/// here as it makes it, so a search finds the hits, in the order and with the excerpts, that a
/// store holding the same items and types would. Each write is indexed as it is made.
final class MemorySearchIndex: Sendable {
    private let database: Mutex<SQLiteConnection?>
    /// Why the database couldn't be made, when it couldn't.
    private let failure: String?

    init() {
        do {
            let connection = try SQLiteConnection(path: ":memory:")
            try connection.execute(
                """
                CREATE TABLE items(id TEXT PRIMARY KEY, type TEXT NOT NULL, state TEXT NOT NULL, properties TEXT NOT NULL,
                    tags TEXT NOT NULL DEFAULT '[]');
                \(CopySearchIndex.schemaSQL)
                """)
            database = Mutex(connection)
            failure = nil
        } catch {
            database = Mutex(nil)
            failure = "\(error)"
        }
    }

    /// Indexes `item`, replacing what was indexed under its id.
    func put(_ item: Item) {
        database.withLock { db in
            _ = try? db?.run(
                """
                INSERT INTO items(id, type, state, properties, tags) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET type = excluded.type, state = excluded.state,
                    properties = excluded.properties, tags = excluded.tags
                """,
                item.id, item.type, item.state.rawValue, JSONText.encode(item.properties), JSONText.encode(item.tags))
            _ = try? db.map { try CopySearchIndex.flushPending(in: $0) }
        }
    }

    /// Drops the item `id` from the index.
    func remove(_ id: String) {
        database.withLock { db in
            _ = try? db?.run("DELETE FROM items WHERE id = ?", id)
            _ = try? db.map { try CopySearchIndex.flushPending(in: $0) }
        }
    }

    /// Takes each type's title and body fields from `catalog`, indexing every item again when they changed.
    func useDisplays(of catalog: CopyCatalog) {
        database.withLock { db in
            guard let db else { return }
            _ = try? db.transaction { db in
                if try CopySearchIndex.setDisplays(from: catalog, in: db) { try CopySearchIndex.flushPending(in: db) }
            }
        }
    }

    /// The rows `request` finds, best first.
    func search(_ request: SearchRequest) throws -> [SearchRow] {
        try database.withLock { db in
            guard let db else {
                throw MarfaError.store(message: "The fake copy's search index couldn't be made: \(failure ?? "")")
            }
            return try CopySearchIndex.search(request, in: db)
        }
    }
}
#endif
