import CSQLite
import Foundation

/// One open SQLite database file.
///
/// Opened in WAL mode with foreign keys on and a busy timeout, so readers never wait for the
/// writer and a second writer waits up to the timeout before `SQLiteError.isBusy`. A connection is
/// not safe to use from two threads at once: share a `SQLitePool` instead,
/// which gives each connection one thread of use.
///
/// `run`, `query`, `first` and the `fetch` calls reuse prepared statements from a per-connection
/// cache keyed by SQL text (see `cachedStatement(_:)`).
public final class SQLiteConnection {
    let handle: OpaquePointer
    private var isClosed = false
    /// The size a log file is cut back to when it starts over, once it grew past it (while a
    /// long read held its snapshot, say): SQLite otherwise keeps the file at the largest size it
    /// ever reached.
    static let logSizeLimit = 32 << 20
    /// How deep `transaction` calls are nested; inner ones use savepoints.
    private var transactionDepth = 0
    /// Prepared statements kept for reuse.
    let statementCache: SQLiteStatementCache
    /// Notes changes to the tables of a `SQLiteChangeCount` (see `countCommits(into:)`).
    var changeWatch: SQLiteChangeWatch?

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
        /// Open for writing but refuse every change (`PRAGMA query_only`): a pool's readers.
        public var queryOnly: Bool
        /// How many prepared statements the connection keeps for reuse; 0 keeps none.
        public var statementCacheCapacity: Int
        /// How many bytes of the file reads may map into memory (`PRAGMA mmap_size`); 0 maps none.
        /// Mapped pages are read without copying them into the connection's page cache, and count
        /// as the system's file cache rather than the process's own memory. Writes never go
        /// through the map.
        public var memoryMapBytes: Int

        /// Options with the defaults: read-write, 5 s busy timeout, WAL, `synchronous=NORMAL`,
        /// 64 cached statements, no memory map.
        public init(
            readOnly: Bool = false, busyTimeout: Duration = .seconds(5), writeAheadLog: Bool = true,
            fullSync: Bool = false,
            queryOnly: Bool = false, statementCacheCapacity: Int = 64, memoryMapBytes: Int = 0
        ) {
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.writeAheadLog = writeAheadLog
            self.fullSync = fullSync
            self.queryOnly = queryOnly
            self.statementCacheCapacity = statementCacheCapacity
            self.memoryMapBytes = memoryMapBytes
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
        statementCache = SQLiteStatementCache(capacity: options.statementCacheCapacity)
        sqlite3_extended_result_codes(db, 1)
        SQLiteBusyWait.install(on: db, timeout: options.busyTimeout)
        do {
            try execute("PRAGMA foreign_keys = ON")
            if !options.readOnly && path != ":memory:" && options.writeAheadLog {
                try execute("PRAGMA journal_mode = WAL")
                try execute(options.fullSync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
                try execute("PRAGMA journal_size_limit = \(Self.logSizeLimit)")
            }
            if options.queryOnly { try execute("PRAGMA query_only = ON") }
            if options.memoryMapBytes > 0 && path != ":memory:" {
                try execute("PRAGMA mmap_size = \(options.memoryMapBytes)")
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
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
            .withCode(code)
    }

    // MARK: Running SQL

    /// Prepares one statement, not cached: the caller owns it.
    public func prepare(_ sql: String) throws -> SQLiteStatement {
        guard !isClosed else { throw SQLiteError.closed(nil) }
        return try SQLiteStatement(connection: self, sql: sql)
    }

    /// The connection's kept statement for `sql`, reset with its bindings cleared, prepared and
    /// kept at first use. When the kept one is still running (a caller is stepping through it), a
    /// fresh statement is answered instead, so two uses never share one. A statement stays valid
    /// until the next `cachedStatement` call with the same SQL.
    public func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        guard !isClosed else { throw SQLiteError.closed(nil) }
        if let kept = statementCache.statement(for: sql) {
            if !kept.isRunning {
                kept.clearBindings()
                return kept
            }
            return try SQLiteStatement(connection: self, sql: sql)
        }
        let statement = try SQLiteStatement(connection: self, sql: sql, persistent: true)
        statementCache.keep(statement, for: sql)
        return statement
    }

    /// How many prepared statements the connection keeps.
    public var cachedStatementCount: Int { statementCache.count }

    /// Drops every kept statement.
    public func clearStatementCache() { statementCache.removeAll() }

    /// Runs `body` with the cached statement for `sql`, `values` bound, then resets it and
    /// clears its bindings so it holds no snapshot and no bound values between uses.
    func withStatement<T>(
        _ sql: String, _ values: [any SQLiteBindable], _ body: (SQLiteStatement) throws -> T
    ) throws -> T {
        let statement = try cachedStatement(sql)
        defer { statement.clearBindings() }
        try statement.bind(values)
        return try body(statement)
    }

    /// Runs one or more statements separated by `;`, with no parameters and no results.
    public func execute(_ sql: String) throws {
        guard !isClosed else { throw SQLiteError.closed(nil) }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        settleChangeWatch()
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
        try withStatement(sql, values) { statement in
            while try statement.step() {}
            return changes
        }
    }

    /// Every row of one query with `values` bound.
    public func query(_ sql: String, _ values: any SQLiteBindable...) throws -> [SQLiteRow] {
        try query(sql, values: values)
    }

    /// Every row of one query with `values` bound.
    public func query(_ sql: String, values: [any SQLiteBindable]) throws -> [SQLiteRow] {
        try withStatement(sql, values) { statement in
            var rows: [SQLiteRow] = []
            while try statement.step() { rows.append(statement.row()) }
            return rows
        }
    }

    /// The first row of one query, or nil when it has none.
    public func first(_ sql: String, _ values: any SQLiteBindable...) throws -> SQLiteRow? {
        try first(sql, values: values)
    }

    /// The first row of one query with `values` bound, or nil when it has none.
    public func first(_ sql: String, values: [any SQLiteBindable]) throws -> SQLiteRow? {
        try withStatement(sql, values) { statement in try statement.step() ? statement.row() : nil }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last row inserted.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Counts a commit that changed a watched table, once no transaction is open any more.
    func settleChangeWatch() { changeWatch?.settle(autocommit: sqlite3_get_autocommit(handle) != 0) }

    /// `PRAGMA user_version`, a number the application keeps in the file header.
    public var userVersion: Int {
        get throws { try first("PRAGMA user_version")?[0].integer.map { Int($0) } ?? 0 }
    }

    /// Sets `PRAGMA user_version`.
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
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (SQLiteConnection) throws -> T) throws -> T
    {
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
