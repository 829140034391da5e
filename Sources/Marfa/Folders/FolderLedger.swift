import Foundation
import MarfaSQLite

/// What a folder last knew of each file, in `.marfa/ledger.sqlite`: the item it stands for and
/// the hash of the text both sides last held. A file's change is its hash moving from the
/// ledger's on disk; an item's change is its text's hash moving from it on the instance. Its
/// work runs on the SQLite pool's own threads.
final class FolderLedger: Sendable {
    /// One file the folder keeps in step.
    struct Entry: Sendable, Hashable {
        var path: String
        var itemId: String
        /// The hash both sides last held.
        var hash: String
        var size: Int64
        var modified: Double
        var kind: ScannedFile.Kind
        /// Recorded before its item's create was queued; cleared once it was.
        var sending: Bool
        /// The item's version when its content last had `hash` (0: unknown), so an unchanged
        /// item's text needn't be hashed again.
        var version: Int64 = 0

        /// What a scan may take unread: the file as the ledger last saw it.
        var seen: ScannedFile { ScannedFile(path: path, size: size, modified: modified, kind: kind, hash: hash) }
    }

    private static let migrations = [
        SQLiteMigration(
            version: 1,
            sql: """
                CREATE TABLE files(
                    path TEXT PRIMARY KEY, item_id TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL,
                    modified REAL NOT NULL, kind TEXT NOT NULL, sending INTEGER NOT NULL DEFAULT 0,
                    version INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
                CREATE INDEX files_by_item ON files(item_id);
                CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                """)
    ]

    private let pool: SQLitePool

    private init(pool: SQLitePool) { self.pool = pool }

    /// The ledger at `file`, made when missing.
    static func open(_ file: URL) async throws(MarfaError) -> FolderLedger {
        do {
            let pool = try await SQLitePool.open(
                path: file.path, configuration: .init(readerCount: 1))
            _ = try await pool.migrate(migrations)
            return FolderLedger(pool: pool)
        } catch {
            throw .store(message: "The folder's ledger \(file.path) couldn't be opened: \(error).")
        }
    }

    func close() async { await pool.close() }

    /// Every file, by path.
    func entries() async throws(MarfaError) -> [String: Entry] {
        try await reading { db in
            var entries: [String: Entry] = [:]
            for row in try db.query("SELECT * FROM files") {
                let entry = Entry(
                    path: row.string("path") ?? "", itemId: row.string("item_id") ?? "", hash: row.string("hash") ?? "",
                    size: row.int64("size") ?? 0, modified: row.double("modified") ?? 0,
                    kind: ScannedFile.Kind(rawValue: row.string("kind") ?? "") ?? .text,
                    sending: row.bool("sending") ?? false, version: row.int64("version") ?? 0)
                entries[entry.path] = entry
            }
            return entries
        }
    }

    /// Records `entries`, replacing what each path held, in one step.
    func put(_ entries: [Entry]) async throws(MarfaError) {
        guard !entries.isEmpty else { return }
        try await writing { db in
            for entry in entries {
                _ = try db.run(
                    """
                    INSERT OR REPLACE INTO files(path, item_id, hash, size, modified, kind, sending, version)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, entry.path, entry.itemId, entry.hash, entry.size, entry.modified, entry.kind.rawValue,
                    entry.sending, entry.version)
            }
        }
    }

    /// Forgets `paths`.
    func remove(_ paths: [String]) async throws(MarfaError) {
        guard !paths.isEmpty else { return }
        try await writing { db in
            for path in paths { _ = try db.run("DELETE FROM files WHERE path = ?", path) }
        }
    }

    /// The value named `name`, or nil.
    func value(_ name: String) async throws(MarfaError) -> String? {
        try await reading { db in try db.query("SELECT value FROM meta WHERE name = ?", name).first?.string("value") }
    }

    /// Sets, or with nil clears, the value named `name`.
    func set(_ name: String, _ value: String?) async throws(MarfaError) {
        try await writing { db in
            if let value {
                _ = try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)", name, value)
            } else {
                _ = try db.run("DELETE FROM meta WHERE name = ?", name)
            }
        }
    }

    /// The value named `name`, decoded from JSON, or nil.
    func decoded<T: Decodable>(_ type: T.Type, _ name: String) async throws(MarfaError) -> T? {
        guard let text = try await value(name) else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// Sets the value named `name` to `value` as JSON, or clears it.
    func encode<T: Encodable>(_ value: T?, as name: String) async throws(MarfaError) {
        let text = value.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        try await set(name, text)
    }

    private func reading<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws(MarfaError) -> T {
        do { return try await pool.read(body) } catch { throw MarfaError(error) }
    }

    private func writing<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws(MarfaError) -> T {
        do { return try await pool.write(body) } catch { throw MarfaError(error) }
    }
}
