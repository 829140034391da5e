import MarfaSQLite

/// The local instance's tables, one migration per schema version. A new version appends a step;
/// a step already shipped never changes.
enum LocalSchema {
    static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE api_keys (
                    id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, label TEXT NOT NULL, source TEXT NOT NULL,
                    role TEXT NOT NULL, default_tier TEXT NOT NULL, is_platform INTEGER NOT NULL DEFAULT 0,
                    is_owner INTEGER NOT NULL DEFAULT 0, grants TEXT NOT NULL, created_by TEXT,
                    created_at REAL NOT NULL, expires_at REAL, last_used_at REAL, revoked_at REAL);
                CREATE TABLE item_types (
                    id TEXT PRIMARY KEY, definition TEXT NOT NULL, builtin INTEGER NOT NULL DEFAULT 0,
                    owner_icon TEXT, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                CREATE TABLE items (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL,
                    properties TEXT NOT NULL, state TEXT NOT NULL, tier TEXT NOT NULL, version INTEGER NOT NULL,
                    source TEXT NOT NULL, source_id TEXT, device TEXT, capture_latitude REAL,
                    capture_longitude REAL, timestamp REAL NOT NULL, created_at REAL NOT NULL,
                    updated_at REAL NOT NULL, tags TEXT NOT NULL DEFAULT '[]', orphaned INTEGER NOT NULL DEFAULT 0);
                CREATE UNIQUE INDEX items_natural_key ON items (source, source_id) WHERE source_id IS NOT NULL;
                CREATE INDEX items_type ON items (type);
                CREATE TABLE item_snapshots (
                    item_id TEXT NOT NULL REFERENCES items (id) ON DELETE CASCADE, version INTEGER NOT NULL,
                    type TEXT NOT NULL, tier TEXT NOT NULL, properties TEXT NOT NULL, occurred_at REAL NOT NULL,
                    source_id TEXT, device TEXT, writer_kind TEXT, writer_id TEXT, writer_name TEXT,
                    created_at REAL NOT NULL, PRIMARY KEY (item_id, version));
                CREATE TABLE audit_log (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, timestamp REAL NOT NULL,
                    key_id TEXT, action TEXT NOT NULL, resource_type TEXT NOT NULL, resource_id TEXT,
                    client_ip TEXT, details TEXT NOT NULL);
                CREATE TABLE idempotency_records (
                    credential TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER NOT NULL,
                    headers TEXT NOT NULL, body BLOB NOT NULL, created_at REAL NOT NULL,
                    PRIMARY KEY (credential, key));
                """),
    ]
}
