import CSQLite

/// A failure SQLite reported: its result code, its message and the statement, when there was one.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public let code: Int32
    /// SQLite's message, or this package's for a misuse it caught itself.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// An error with `code` (extended or primary), `message`, and the statement when there was one.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of `code`), such as `SQLITE_CONSTRAINT`.
    public var primaryCode: Int32 { code & 0xff }
    /// The database was locked by another connection for longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// A UNIQUE, PRIMARY KEY, CHECK, NOT NULL or FOREIGN KEY constraint refused the change.
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// The connection was closed: `SQLITE_MISUSE`, raised by this package before SQLite is called.
    public var isClosed: Bool { primaryCode == SQLITE_MISUSE && message.hasPrefix(Self.closedMessage) }

    /// The database, or the pool, refuses writes: opened read-only (`SQLITE_READONLY`).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }

    static let closedMessage = "The database is closed"

    /// The error a call on a closed connection or database throws.
    static func closed(_ path: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: closedMessage + (path.map { " (\($0))" } ?? "") + ".")
    }

    /// The error a write to a read-only pool throws.
    static func readOnlyPool(_ path: String) -> SQLiteError {
        SQLiteError(code: SQLITE_READONLY, message: "The pool for \(path) was opened read-only: it has no writer.")
    }

    /// A call this package refuses before reaching SQLite (`SQLITE_MISUSE`), with why.
    static func misuse(_ message: String) -> SQLiteError { SQLiteError(code: SQLITE_MISUSE, message: message) }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(200)))" }
        return text
    }
}
