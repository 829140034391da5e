/// The current row of a statement being stepped, read column by column by index.
///
/// Used by `fetchValue` and `fetchValues`; valid only while the statement is on its row.
/// Each getter reads one column straight from SQLite, with no lookup by name.
public struct SQLiteRowReader {
    let statement: SQLiteStatement

    init(statement: SQLiteStatement) { self.statement = statement }

    /// How many columns the row has.
    public var columnCount: Int { statement.columnCount }

    /// The name of the column at `index`.
    public func columnName(_ index: Int) -> String { statement.columnName(index) }

    /// Whether the column at `index` is NULL.
    public func isNull(_ index: Int) -> Bool { statement.isNull(index) }

    /// The column at `index` as `T`; a NULL for a non-optional `T`, another storage class or an
    /// index past the last column throws `SQLiteDecodingError`.
    public func get<T: SQLiteColumnValue>(_ index: Int, as type: T.Type = T.self) throws -> T {
        let count = statement.columnCount
        guard index >= 0 && index < count else {
            throw SQLiteDecodingError(
                reason: .indexOutOfRange(columnCount: count), index: index, column: "#\(index)",
                expected: String(describing: T.self), sql: statement.sql)
        }
        return try T.decode(from: self, at: index)
    }

    /// The column at `index` as `T` (see `get(_:as:)`), e.g. `let title: String = try row[1]`.
    public subscript<T: SQLiteColumnValue>(index: Int) -> T {
        get throws { try get(index) }
    }

    /// The column at `index` as whatever SQLite holds, NULL included.
    public func value(_ index: Int) -> SQLiteValue { statement.value(index) }

    /// The error for the column at `index` that could not become `expected`.
    func error(_ reason: SQLiteDecodingError.Reason, at index: Int, expected: Any.Type) -> SQLiteDecodingError {
        SQLiteDecodingError(
            reason: reason, index: index, column: statement.columnName(index), expected: String(describing: expected),
            sql: statement.sql)
    }
}
