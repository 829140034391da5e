/// A result column that could not become the Swift value asked for: which column, what was asked,
/// what SQLite held, and the statement.
public struct SQLiteDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The column is NULL and the value asked for is not optional.
        case unexpectedNull
        /// The column holds another storage class (or a value out of the type's range).
        case typeMismatch(found: SQLiteStorageClass)
        /// The index is past the last result column.
        case indexOutOfRange(columnCount: Int)
    }

    /// What went wrong.
    public let reason: Reason
    /// The column's index, or nil when a name matched no column.
    public let index: Int?
    /// The column's name, or the name asked for.
    public let column: String
    /// The Swift type asked for, such as `Int` or `Optional<String>`.
    public let expected: String
    /// The statement's SQL.
    public let sql: String

    /// The failure to read column `index` (`column`) of `sql`'s result as `expected`.
    public init(reason: Reason, index: Int?, column: String, expected: String, sql: String) {
        self.reason = reason
        self.index = index
        self.column = column
        self.expected = expected
        self.sql = sql
    }

    public var description: String {
        let place = index.map { "column \($0) (\(column))" } ?? "column \(column)"
        let problem: String
        switch reason {
        case .unexpectedNull: problem = "is NULL"
        case .typeMismatch(let found): problem = "holds \(found.rawValue)"
        case .indexOutOfRange(let count): problem = "is past the result's \(count) columns"
        }
        return "Cannot read \(place) as \(expected): it \(problem) (in: \(sql.prefix(200)))"
    }
}
