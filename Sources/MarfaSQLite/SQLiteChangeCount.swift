import CSQLite
import Synchronization

/// Counts the commits that changed any of some tables, made on connections that watch them
/// (`SQLiteConnection.countCommits(into:)`): for a cache of what those tables hold. A value read in
/// a snapshot begun after `value` was noted is current for as long as `value` stays the same.
///
/// The count moves once per commit that inserted, updated or deleted a row of a watched table,
/// after the commit and before the statement that committed returns. It may also move for a
/// transaction that was not committed after all (a failed statement outside a transaction, a
/// savepoint rolled back inside one): a cache then reads again for nothing, never misses a change.
///
/// What the count cannot see, SQLite's update hook does not report: changes through connections
/// that do not watch (another process's), and rows a `DELETE` without `WHERE` empties from a table
/// without triggers (SQLite's truncate shortcut). Nor does it report changes to `WITHOUT ROWID`
/// tables, so `countCommits(into:)` refuses to watch one.
public final class SQLiteChangeCount: Sendable {
    /// The watched tables' names, as written in SQL (case-sensitive).
    public let tables: Set<String>
    private let count = Atomic<UInt64>(0)

    /// A count of zero for `tables`.
    public init(tables: Set<String>) { self.tables = tables }

    /// The commits counted so far.
    public var value: UInt64 { count.load(ordering: .acquiring) }

    func advance() { count.wrappingAdd(1, ordering: .releasing) }
}

/// A connection's side of a `SQLiteChangeCount`: whether the transaction under way changed a
/// watched table. Connection thread only.
final class SQLiteChangeWatch {
    let count: SQLiteChangeCount
    var changed = false

    init(_ count: SQLiteChangeCount) { self.count = count }

    /// Advances the count when a change noted has been committed (the connection is out of any
    /// transaction again).
    func settle(autocommit: Bool) {
        guard changed, autocommit else { return }
        changed = false
        count.advance()
    }
}

extension SQLiteConnection {
    /// Counts this connection's commits that change any of `count`'s tables into `count`, from now
    /// until the connection closes; replaces an earlier count. Throws `SQLiteError` (misuse) when a
    /// table is missing or `WITHOUT ROWID`, whose changes SQLite would not report.
    public func countCommits(into count: SQLiteChangeCount) throws {
        for table in count.tables.sorted() {
            let listed = try first("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?", table)
            guard let listed else { throw SQLiteError.misuse("No table \(table) to count commits of") }
            guard listed.int("wr") == 0 else {
                throw SQLiteError.misuse("\(table) is WITHOUT ROWID: SQLite reports no change to it")
            }
        }
        let watch = SQLiteChangeWatch(count)
        changeWatch = watch
        let context = Unmanaged.passUnretained(watch).toOpaque()
        sqlite3_update_hook(
            handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                let watch = Unmanaged<SQLiteChangeWatch>.fromOpaque(context).takeUnretainedValue()
                if !watch.changed && watch.count.tables.contains(String(cString: table)) { watch.changed = true }
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                guard let context else { return }
                Unmanaged<SQLiteChangeWatch>.fromOpaque(context).takeUnretainedValue().changed = false
            }, context)
    }
}
