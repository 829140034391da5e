/// A plain struct made from one result row.
///
/// Implement `init(row:)` reading columns by index (`try row[0]`, `try row.get(1, as: Int.self)`).
public protocol SQLiteRecord {
    /// Reads the record from the current row; throws `SQLiteDecodingError` when a column does not fit.
    init(row: SQLiteRowReader) throws
}

extension SQLiteConnection {
    /// Every row of one query as `type`.
    public func fetchAll<R: SQLiteRecord>(_ type: R.Type, _ sql: String, _ values: any SQLiteBindable...) throws -> [R]
    {
        try fetchAll(type, sql, values: values)
    }

    /// Every row of one query with `values` bound, as `type`.
    public func fetchAll<R: SQLiteRecord>(_ type: R.Type, _ sql: String, values: [any SQLiteBindable]) throws -> [R] {
        try withStatement(sql, values) { statement in
            let reader = SQLiteRowReader(statement: statement)
            var records: [R] = []
            while try statement.step() { records.append(try R(row: reader)) }
            return records
        }
    }

    /// The first row of one query as `type`, or nil when it has none.
    public func fetchOne<R: SQLiteRecord>(_ type: R.Type, _ sql: String, _ values: any SQLiteBindable...) throws -> R? {
        try fetchOne(type, sql, values: values)
    }

    /// The first row of one query with `values` bound, as `type`, or nil when it has none.
    public func fetchOne<R: SQLiteRecord>(_ type: R.Type, _ sql: String, values: [any SQLiteBindable]) throws -> R? {
        try withStatement(sql, values) { statement in
            try statement.step() ? try R(row: SQLiteRowReader(statement: statement)) : nil
        }
    }

    /// The first column of every row of one query as `type` (e.g. `Int.self`, `String?.self`).
    public func fetchValues<V: SQLiteColumnValue>(
        _ type: V.Type, _ sql: String, _ values: any SQLiteBindable...
    ) throws -> [V] {
        try withStatement(sql, values) { statement in
            let reader = SQLiteRowReader(statement: statement)
            var result: [V] = []
            while try statement.step() { result.append(try reader.get(0, as: V.self)) }
            return result
        }
    }

    /// The first column of the first row of one query as `type`, or nil when there is no row.
    public func fetchValue<V: SQLiteColumnValue>(
        _ type: V.Type, _ sql: String, _ values: any SQLiteBindable...
    ) throws -> V? {
        try withStatement(sql, values) { statement in
            try statement.step() ? try SQLiteRowReader(statement: statement).get(0, as: V.self) : nil
        }
    }
}
