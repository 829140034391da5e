/// One step of a database's schema: the SQL that takes it from `version - 1` to `version`.
public struct SQLiteMigration: Sendable {
    public let version: Int
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

extension SQLiteConnection {
    /// Brings the schema up to the last of `migrations` (ordered by version, starting at 1), each
    /// step in its own transaction together with the `schema_version` table it updates. A database
    /// made by a newer build (a version above the last known) is refused.
    ///
    /// - Returns: the version the database had before.
    @discardableResult
    public func migrate(_ migrations: [SQLiteMigration]) throws -> Int {
        try execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        let current = try first("SELECT max(version) AS version FROM schema_version")?.int("version") ?? 0
        let latest = migrations.map(\.version).max() ?? 0
        guard current <= latest else {
            throw SQLiteError(
                code: 1, message: "The database has schema version \(current), newer than this build's \(latest)")
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
            try transaction { db in
                try db.execute(migration.sql)
                try db.run("INSERT INTO schema_version (version) VALUES (?)", migration.version)
            }
        }
        return current
    }
}
