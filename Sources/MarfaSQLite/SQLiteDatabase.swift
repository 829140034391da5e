import Foundation

/// A database file shared between tasks: one connection, used by one caller at a time.
///
/// Every call takes the connection's lock for its whole length, so a `write` is one transaction
/// that no other caller sees half done. Calls are synchronous and meant to be short. After
/// `close()`, `read` and `write` throw `SQLiteError.closed` instead of touching the freed handle.
///
/// The calls block the calling thread; new code should use `SQLitePool`, whose calls are `async`,
/// run on dedicated threads and let readers work while a write is open.
public final class SQLiteDatabase: @unchecked Sendable {
    private let lock = NSLock()
    private let connection: SQLiteConnection
    /// Set by `close()`, read and written under `lock`.
    private var closed = false
    /// The file's path, or `:memory:`.
    public let path: String

    /// Opens (creating it unless read-only) the database at `path`.
    public init(path: String, options: SQLiteConnection.Options = .init()) throws {
        self.path = path
        connection = try SQLiteConnection(path: path, options: options)
    }

    /// Runs `body` with the connection, outside any transaction it does not open itself.
    public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw SQLiteError.closed(path) }
        return try body(connection)
    }

    /// Runs `body` in one immediate transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw SQLiteError.closed(path) }
        return try connection.transaction(.immediate, body)
    }

    /// Closes the connection; later calls throw `SQLiteError.closed`. A call under way finishes first.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        connection.close()
    }

    /// Whether `close()` was called.
    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }
}
