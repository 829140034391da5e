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
        // Folders, views and webhooks (one JSON document each), edge types, type move jobs and
        // housekeeping runs.
        SQLiteMigration(
            version: 2,
            sql: """
                CREATE TABLE settings (
                    kind TEXT NOT NULL, id TEXT NOT NULL, document TEXT NOT NULL, created_at REAL NOT NULL,
                    updated_at REAL NOT NULL, PRIMARY KEY (kind, id));
                CREATE TABLE edge_types (
                    id TEXT PRIMARY KEY, definition TEXT NOT NULL, created_at REAL NOT NULL);
                CREATE TABLE type_moves (
                    id TEXT PRIMARY KEY, from_type TEXT NOT NULL, to_type TEXT NOT NULL, properties TEXT NOT NULL,
                    key_id TEXT, status TEXT NOT NULL, moved INTEGER NOT NULL DEFAULT 0,
                    remaining INTEGER NOT NULL DEFAULT 0, remaining_hidden INTEGER NOT NULL DEFAULT 0,
                    settings_rewritten INTEGER NOT NULL DEFAULT 0, cancel_requested INTEGER NOT NULL DEFAULT 0,
                    error TEXT, created_at REAL NOT NULL, finished_at REAL);
                CREATE TABLE housekeeping_runs (
                    name TEXT PRIMARY KEY, running_since REAL, last_started_at REAL, last_finished_at REAL,
                    last_outcome TEXT, last_error TEXT, last_result TEXT);
                """),
        // OAuth 2.1 sign-in: registered clients, pending consents, codes, device codes, grants and
        // tokens. Codes and tokens are kept only as SHA-256 hashes.
        SQLiteMigration(
            version: 3,
            sql: """
                CREATE TABLE oauth_clients (
                    id TEXT PRIMARY KEY, name TEXT, redirect_uris TEXT NOT NULL, grant_types TEXT NOT NULL,
                    scope TEXT NOT NULL, application_type TEXT NOT NULL, created_at REAL NOT NULL);
                CREATE TABLE oauth_consents (
                    hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL,
                    state TEXT NOT NULL, code_challenge TEXT NOT NULL, expires_at REAL NOT NULL);
                CREATE TABLE oauth_codes (
                    hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL,
                    code_challenge TEXT NOT NULL, expires_at REAL NOT NULL, used_at REAL, grant_id TEXT);
                CREATE TABLE oauth_device_codes (
                    hash TEXT PRIMARY KEY, user_code TEXT NOT NULL UNIQUE, client_id TEXT NOT NULL, scope TEXT NOT NULL,
                    approved_scope TEXT, status TEXT NOT NULL, interval INTEGER NOT NULL, last_polled_at REAL,
                    expires_at REAL NOT NULL);
                CREATE TABLE oauth_grants (
                    id TEXT PRIMARY KEY, client_id TEXT NOT NULL, scope TEXT NOT NULL, created_at REAL NOT NULL,
                    last_used_at REAL, revoked_at REAL);
                CREATE TABLE oauth_tokens (
                    hash TEXT PRIMARY KEY, kind TEXT NOT NULL, grant_id TEXT NOT NULL REFERENCES oauth_grants (id),
                    created_at REAL NOT NULL, expires_at REAL, revoked_at REAL, rotated_at REAL);
                CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
                """),
        // The event log (ids from AUTOINCREMENT, so they never repeat, even after cleanup),
        // extension namespaces beside items, and edges.
        SQLiteMigration(
            version: 4,
            sql: """
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, item_type TEXT, item_id TEXT,
                    frame TEXT NOT NULL, created_at REAL NOT NULL);
                CREATE INDEX events_created_at ON events (created_at);
                CREATE TABLE item_extensions (
                    item_id TEXT NOT NULL, namespace TEXT NOT NULL, data TEXT NOT NULL, updated_at REAL NOT NULL,
                    PRIMARY KEY (item_id, namespace));
                CREATE TABLE edges (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, edge_type TEXT NOT NULL,
                    source_id TEXT NOT NULL, target_id TEXT NOT NULL, properties TEXT NOT NULL,
                    version INTEGER NOT NULL, created_at REAL NOT NULL, updated_at REAL NOT NULL);
                CREATE INDEX edges_source ON edges (source_id, edge_type);
                CREATE INDEX edges_target ON edges (target_id, edge_type);
                """),
        // Wrong owner passwords typed for each pending consent and device code, which close the
        // request after five.
        SQLiteMigration(
            version: 5,
            sql: """
                ALTER TABLE oauth_consents ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE oauth_device_codes ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
                """),
        // Full-text search: each item's text in `item_search`, an FTS5 index over it, and a request
        // to index the items already stored (`ItemSearchIndex`).
        SQLiteMigration(version: 6, sql: ItemSearchIndex.migrationSQL),
        // Listings in creation and update order walk an index and stop after a page, instead of
        // sorting every item.
        SQLiteMigration(
            version: 7,
            sql: """
                CREATE INDEX items_created ON items (created_at, seq);
                CREATE INDEX items_updated ON items (updated_at, seq);
                """),
        // Read views: each change of what credentials see moves the view generation (one row
        // each), noting the event log head when it happened (`ReadViews`).
        SQLiteMigration(
            version: 8,
            sql: """
                CREATE TABLE read_view_changes (
                    generation INTEGER PRIMARY KEY AUTOINCREMENT, after_event INTEGER NOT NULL, reason TEXT NOT NULL,
                    created_at REAL NOT NULL);
                """),
        // Cascades: the item whose delete took an item to the bin along a `cascade` edge type.
        SQLiteMigration(
            version: 9,
            sql: """
                ALTER TABLE items ADD COLUMN trashed_with TEXT;
                CREATE INDEX items_trashed_with ON items (trashed_with) WHERE trashed_with IS NOT NULL;
                """),
        // Search text indexed in batches after the writes instead of in each write
        // (`ItemSearchIndex.deferredIndexingSQL`).
        SQLiteMigration(version: 10, sql: ItemSearchIndex.deferredIndexingSQL),
        // A change token for the registered types, so writes read them once per change
        // (`TypeRegistry.tokenMigrationSQL`).
        SQLiteMigration(version: 11, sql: TypeRegistry.tokenMigrationSQL),
    ]
}
