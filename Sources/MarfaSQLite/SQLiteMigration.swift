import CSQLite

/// One step of a database's schema: the SQL that takes it from `version - 1` to `version`.
///
/// A schema's steps are a list that only grows: versions 1, 2, 3, … in order, a new version
/// appended as a new step, no step edited once released.
public struct SQLiteMigration: Sendable {
    /// The schema version this step leads to.
    public let version: Int
    /// The statements of the step, separated by `;`.
    public let sql: String

    /// A step to `version` running `sql`.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

/// A database whose schema version is above the last this build knows: made or upgraded by a newer
/// build, refused rather than read or written with a schema this build does not understand.
public struct SQLiteSchemaTooNew: Error, Sendable, Hashable, CustomStringConvertible {
    /// The version the database has.
    public let foundVersion: Int
    /// The last version this build's migrations reach.
    public let knownVersion: Int

    /// The refusal of a database at `foundVersion` by a build that knows up to `knownVersion`.
    public init(foundVersion: Int, knownVersion: Int) {
        self.foundVersion = foundVersion
        self.knownVersion = knownVersion
    }

    public var description: String {
        "The database has schema version \(foundVersion), newer than this build's \(knownVersion): open it with a newer build."
    }
}

extension SQLiteConnection {
    /// Brings the schema up to the last of `migrations`, each missing step in its own transaction
    /// together with the `schema_version` row it adds. The steps must be numbered 1, 2, 3, … in
    /// order (else `SQLiteError` with `SQLITE_MISUSE`, nothing run). A database made by a newer build
    /// (a version above the last known) is refused with `SQLiteSchemaTooNew`, untouched.
    ///
    /// - Returns: the version the database had before.
    @discardableResult
    public func migrate(_ migrations: [SQLiteMigration]) throws -> Int {
        try SQLiteMigration.checkOrder(migrations)
        try execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        let current = try checkSchema(migrations)
        for migration in migrations where migration.version > current {
            try transaction { db in
                try db.execute(migration.sql)
                try db.run("INSERT INTO schema_version (version) VALUES (?)", migration.version)
            }
        }
        return current
    }

    /// The schema version the database has (0 for one no migration ran on), read without changing
    /// anything, so a read-only opener can check a store; `SQLiteSchemaTooNew` when it is above the
    /// last of `migrations`.
    @discardableResult
    public func checkSchema(_ migrations: [SQLiteMigration]) throws -> Int {
        let current = try schemaVersion()
        let known = migrations.last?.version ?? 0
        guard current <= known else { throw SQLiteSchemaTooNew(foundVersion: current, knownVersion: known) }
        return current
    }

    /// The highest version in `schema_version`, or 0 when the table is missing or empty.
    public func schemaVersion() throws -> Int {
        let exists =
            try fetchValue(
                Int.self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'") ?? 0
        guard exists > 0 else { return 0 }
        return try fetchValue(Int?.self, "SELECT max(version) FROM schema_version").flatMap { $0 } ?? 0
    }
}

extension SQLiteMigration {
    /// Refuses a list that is not numbered 1, 2, 3, … in order.
    static func checkOrder(_ migrations: [SQLiteMigration]) throws {
        for (offset, migration) in migrations.enumerated() where migration.version != offset + 1 {
            throw SQLiteError.misuse(
                "Migration \(offset + 1) of the list has version \(migration.version); versions must run 1, 2, 3, … in order."
            )
        }
    }
}
