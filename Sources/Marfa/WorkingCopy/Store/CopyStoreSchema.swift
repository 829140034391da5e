import MarfaSQLite

/// The shape of a working copy's store, one migration per version. `application_id` marks a file
/// as a Marfa working copy, so a store another program made is never taken for one.
enum CopyStoreSchema {
    /// `PRAGMA application_id` of every store: "MrfC".
    static let applicationID: Int32 = 0x4D72_6643

    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE items(
                    id TEXT PRIMARY KEY, type TEXT NOT NULL, state TEXT NOT NULL, tier TEXT, version INTEGER NOT NULL,
                    schema_version INTEGER NOT NULL, source TEXT NOT NULL, source_id TEXT,
                    occurred_at REAL NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
                    properties TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]', extensions TEXT NOT NULL DEFAULT '{}',
                    listed INTEGER NOT NULL DEFAULT 1);
                CREATE INDEX items_by_type ON items(type, state);
                CREATE INDEX items_by_created ON items(created_at, id);
                CREATE TABLE item_tags(item_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY(tag, item_id)) WITHOUT ROWID;
                CREATE INDEX item_tags_by_item ON item_tags(item_id);
                CREATE TABLE edges(
                    id TEXT PRIMARY KEY, source_id TEXT NOT NULL, target_id TEXT NOT NULL, edge_type TEXT NOT NULL,
                    properties TEXT NOT NULL, version INTEGER NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                CREATE INDEX edges_by_source ON edges(source_id);
                CREATE INDEX edges_by_target ON edges(target_id);
                CREATE INDEX edges_by_type ON edges(edge_type, created_at);
                CREATE TABLE pins(item_id TEXT PRIMARY KEY) WITHOUT ROWID;
                CREATE TABLE views(id TEXT PRIMARY KEY, definition TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE item_types(id TEXT PRIMARY KEY, definition TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE edge_types(id TEXT PRIMARY KEY, definition TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE declared_types(position INTEGER PRIMARY KEY, id TEXT NOT NULL, definition TEXT NOT NULL);
                CREATE TABLE journal(
                    position INTEGER PRIMARY KEY AUTOINCREMENT, origin TEXT NOT NULL, detail TEXT,
                    item_id TEXT, edge_id TEXT);
                CREATE TABLE queue(
                    id TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, kind TEXT NOT NULL, item_id TEXT, target_id TEXT,
                    edge_id TEXT, namespace TEXT, tag TEXT, base_version INTEGER, idempotency_key TEXT NOT NULL,
                    depends_on TEXT NOT NULL DEFAULT '[]', follows TEXT, body TEXT NOT NULL DEFAULT '{}', verdict TEXT,
                    answer TEXT, refusals INTEGER NOT NULL DEFAULT 0, queued_at REAL NOT NULL, answered_at REAL,
                    handed INTEGER NOT NULL DEFAULT 0);
                CREATE INDEX queue_by_item ON queue(item_id, position);
                CREATE INDEX queue_by_edge ON queue(edge_id, position);
                \(CopySearchIndex.schemaSQL)
                """),
        // Files: an upload names the blob it sends, and housekeeping finds the blobs the queue
        // still needs by it. A store of version 1 gains the column when a writer opens it.
        SQLiteMigration(
            version: 2,
            sql: """
                ALTER TABLE queue ADD COLUMN blob TEXT;
                CREATE INDEX queue_by_blob ON queue(blob) WHERE blob IS NOT NULL;
                """),
        // Folders: the settings of each folder the copy wrote or read, as the instance answered them.
        SQLiteMigration(
            version: 3,
            sql: """
                CREATE TABLE folders(id TEXT PRIMARY KEY, definition TEXT NOT NULL) WITHOUT ROWID;
                """),
        // Search: a write notes its rows for the index, which indexes them in a batch after the
        // write; every item is indexed again.
        SQLiteMigration(version: 4, sql: CopySearchIndex.pendingMigrationSQL),
        SQLiteMigration(version: 5, sql: fewerPagesPerWrite),
    ]

    /// Version 5: a queued write touches fewer B-trees. The queue is keyed by its position (no
    /// separate position index), only writes on an edge enter the edge index, and the journal,
    /// never trimmed, numbers its rows without AUTOINCREMENT's counter row. Rows, order and
    /// positions are kept.
    static let fewerPagesPerWrite = """
        CREATE TABLE queue_v5(
            position INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, item_id TEXT, target_id TEXT,
            edge_id TEXT, namespace TEXT, tag TEXT, base_version INTEGER, idempotency_key TEXT NOT NULL,
            depends_on TEXT NOT NULL DEFAULT '[]', follows TEXT, body TEXT NOT NULL DEFAULT '{}', verdict TEXT,
            answer TEXT, refusals INTEGER NOT NULL DEFAULT 0, queued_at REAL NOT NULL, answered_at REAL,
            handed INTEGER NOT NULL DEFAULT 0, blob TEXT);
        INSERT INTO queue_v5(\(queueColumns)) SELECT \(queueColumns) FROM queue;
        DROP TABLE queue;
        ALTER TABLE queue_v5 RENAME TO queue;
        CREATE INDEX queue_by_item ON queue(item_id);
        CREATE INDEX queue_by_edge ON queue(edge_id) WHERE edge_id IS NOT NULL;
        CREATE INDEX queue_by_blob ON queue(blob) WHERE blob IS NOT NULL;
        CREATE TABLE journal_v5(
            position INTEGER PRIMARY KEY, origin TEXT NOT NULL, detail TEXT, item_id TEXT, edge_id TEXT);
        INSERT INTO journal_v5(position, origin, detail, item_id, edge_id)
            SELECT position, origin, detail, item_id, edge_id FROM journal;
        DROP TABLE journal;
        ALTER TABLE journal_v5 RENAME TO journal;
        DELETE FROM sqlite_sequence WHERE name = 'journal';
        """

    private static let queueColumns = """
        position, id, kind, item_id, target_id, edge_id, namespace, tag, base_version, idempotency_key, \
        depends_on, follows, body, verdict, answer, refusals, queued_at, answered_at, handed, blob
        """

    /// The newest version this build knows.
    static var currentVersion: Int { migrations.map(\.version).max() ?? 0 }
}
