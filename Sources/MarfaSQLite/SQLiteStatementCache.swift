/// A connection's prepared statements by SQL text, the least recently used dropped past a capacity.
///
/// Lives with its connection and is used on that connection's thread of use only.
final class SQLiteStatementCache {
    private var entries: [String: Entry] = [:]
    /// Counts uses, so the least recently used entry has the smallest mark.
    private var clock: UInt64 = 0
    let capacity: Int

    private struct Entry {
        let statement: SQLiteStatement
        var lastUse: UInt64
    }

    init(capacity: Int) { self.capacity = max(0, capacity) }

    /// How many statements are kept.
    var count: Int { entries.count }

    /// The kept statement for `sql`, marked as just used; nil when none is kept.
    func statement(for sql: String) -> SQLiteStatement? {
        guard var entry = entries[sql] else { return nil }
        clock &+= 1
        entry.lastUse = clock
        entries[sql] = entry
        return entry.statement
    }

    /// Keeps `statement` for `sql`, first dropping the least recently used one when full.
    func keep(_ statement: SQLiteStatement, for sql: String) {
        guard capacity > 0 else { return }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        clock &+= 1
        entries[sql] = Entry(statement: statement, lastUse: clock)
    }

    /// Drops every kept statement (they are finalized once nobody else holds them).
    func removeAll() { entries.removeAll() }
}
