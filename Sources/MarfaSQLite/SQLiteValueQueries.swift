extension SQLiteConnection {
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
