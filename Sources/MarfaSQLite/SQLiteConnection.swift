import CSQLite
import Foundation

/// One open SQLite database file.
///
/// Opened in WAL mode with foreign keys on and a busy timeout, so readers never wait for the
/// writer and a second writer waits up to the timeout before `SQLiteError.isBusy`. A connection is
/// not safe to use from two threads at once: share a `SQLiteDatabase` instead, which serializes it.
public final class SQLiteConnection {
    let handle: OpaquePointer
    private var isClosed = false
    /// How deep `transaction` calls are nested; inner ones use savepoints.
    private var transactionDepth = 0

    /// How to open a database.
    public struct Options: Sendable, Hashable {
        /// Open without writing; the file must exist.
        public var readOnly: Bool
        /// How long a statement waits for another connection's lock before failing busy.
        public var busyTimeout: Duration
        /// Use the write-ahead log (ignored for read-only and in-memory databases).
        public var writeAheadLog: Bool
        /// `synchronous` for WAL: `NORMAL` is durable across a crash of the process and keeps the
        /// database consistent across a power loss; `FULL` is durable across both.
        public var fullSync: Bool

        public init(readOnly: Bool = false, busyTimeout: Duration = .seconds(5), writeAheadLog: Bool = true, fullSync: Bool = false) {
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.writeAheadLog = writeAheadLog
            self.fullSync = fullSync
        }
    }

    /// Opens (creating unless read-only) the database at `path`; `":memory:"` opens a private one in memory.
    public init(path: String, options: Options = Options()) throws {
        var db: OpaquePointer?
        let flags =
            (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: "\(message) (\(path))")
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        let millis = options.busyTimeout.components.seconds * 1000 + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(db, Int32(clamping: millis))
        do {
            try execute("PRAGMA foreign_keys = ON")
            if !options.readOnly && path != ":memory:" && options.writeAheadLog {
                try execute("PRAGMA journal_mode = WAL")
                try execute(options.fullSync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            }
        } catch {
            sqlite3_close_v2(db)
            isClosed = true
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection. A transaction still open is rolled back, as after a crash.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
            .withCode(code)
    }

    // MARK: Running SQL

    /// Prepares one statement.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        guard !isClosed else { throw SQLiteError.closed(nil) }
        return try SQLiteStatement(connection: self, sql: sql)
    }

    /// Runs one or more statements separated by `;`, with no parameters and no results.
    public func execute(_ sql: String) throws {
        guard !isClosed else { throw SQLiteError.closed(nil) }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(
                code: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) } ?? "error \(code)",
                sql: sql
            ).withCode(code)
        }
    }

    /// Runs one statement with `values` bound; answers how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ values: any SQLiteBindable...) throws -> Int {
        try run(sql, values: values)
    }

    /// Runs one statement with `values` bound; answers how many rows it changed.
    @discardableResult
    public func run(_ sql: String, values: [any SQLiteBindable]) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        return changes
    }

    /// Every row of one query with `values` bound.
    public func query(_ sql: String, _ values: any SQLiteBindable...) throws -> [SQLiteRow] {
        try query(sql, values: values)
    }

    /// Every row of one query with `values` bound.
    public func query(_ sql: String, values: [any SQLiteBindable]) throws -> [SQLiteRow] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [SQLiteRow] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// The first row of one query, or nil when it has none.
    public func first(_ sql: String, _ values: any SQLiteBindable...) throws -> SQLiteRow? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.row() : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last row inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `PRAGMA user_version`, a number the application keeps in the file header.
    public var userVersion: Int {
        get throws { try first("PRAGMA user_version")?[0].integer.map { Int($0) } ?? 0 }
    }

    public func setUserVersion(_ version: Int) throws { try execute("PRAGMA user_version = \(version)") }

    // MARK: Transactions

    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock at the first write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so the transaction cannot fail busy half-way.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws (and the
    /// error rethrown). Nested calls run in savepoints, rolled back alone.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (SQLiteConnection) throws -> T) throws -> T {
        let depth = transactionDepth
        let savepoint = "marfa_sp\(depth)"
        try execute(depth == 0 ? "BEGIN \(kind.rawValue)" : "SAVEPOINT \(savepoint)")
        transactionDepth = depth + 1
        do {
            let result = try body(self)
            transactionDepth = depth
            try execute(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
            return result
        } catch {
            transactionDepth = depth
            if depth == 0 {
                if isInTransaction { try? execute("ROLLBACK") }
            } else {
                try? execute("ROLLBACK TO \(savepoint)")
                try? execute("RELEASE \(savepoint)")
            }
            throw error
        }
    }
}

extension SQLiteError {
    /// Keeps the extended code when SQLite gave one for the same primary code, else `code`.
    func withCode(_ code: Int32) -> SQLiteError {
        (self.code & 0xff) == (code & 0xff) ? self : SQLiteError(code: code, message: message, sql: sql)
    }
}
