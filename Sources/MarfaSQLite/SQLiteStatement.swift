import CSQLite

/// A prepared statement of one connection: bind values, step through rows, read typed columns.
///
/// Belongs to the connection that prepared it and is used on that connection's thread of use only;
/// it is finalized when released.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection
    /// The statement's text, for error messages.
    public let sql: String
    /// The result columns' names, read once (see `columnNames`).
    private var names: [String]?

    /// Prepares `sql`; `persistent` hints SQLite that the statement will be kept and reused.
    init(connection: SQLiteConnection, sql: String, persistent: Bool = false) throws {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(connection.handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw connection.error(code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// How many `?` parameters the statement takes.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds `values` to the parameters in order (after clearing earlier bindings and resetting).
    /// A count different from `parameterCount` is an error.
    public func bind(_ values: [any SQLiteBindable]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard values.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(parameterCount) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the parameter at `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
        case .real(let v): code = sqlite3_bind_double(handle, index, v)
        case .text(let v):
            // With its byte length, so text holding NUL characters binds whole.
            let bytes = Array(v.utf8CString)
            code = bytes.withUnsafeBufferPointer { buffer in
                sqlite3_bind_text64(
                    handle, index, buffer.baseAddress, UInt64(buffer.count - 1), csqlite_transient(), UInt8(SQLITE_UTF8)
                )
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                // A zero-length blob binds as an empty blob, not NULL.
                sqlite3_bind_blob64(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(buffer.count),
                    csqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// Moves to the next row: true when there is one, false when the statement is done.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            connection.settleChangeWatch()
            return false
        default:
            sqlite3_reset(handle)
            throw connection.error(code, sql: sql)
        }
    }

    /// Makes the statement ready to run again, keeping its bindings.
    public func reset() { sqlite3_reset(handle) }

    /// Resets the statement and sets every parameter back to NULL, releasing bound text and blobs.
    public func clearBindings() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Whether the statement has stepped to a row and not been reset or run to its end since.
    public var isRunning: Bool { sqlite3_stmt_busy(handle) != 0 }

    // MARK: Columns of the current row

    /// How many columns each result row has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name SQLite gives the result column at `index` (its `AS` name when there is one).
    public func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Every result column's name, read from SQLite once and kept (read again only when the
    /// statement's column count changed, as after a schema change re-prepared it).
    public var columnNames: [String] {
        let count = columnCount
        if let names, names.count == count { return names }
        let fresh = (0..<count).map(columnName)
        names = fresh
        return fresh
    }

    /// Whether the current row's column at `index` is NULL.
    public func isNull(_ index: Int) -> Bool { sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL }

    /// The column as an integer (SQLite's conversion when it holds another type).
    public func int64(_ index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    /// The column as a real number (SQLite's conversion when it holds another type).
    public func double(_ index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// The column as text; nil when it is NULL.
    public func string(_ index: Int) -> String? {
        guard !isNull(index), let text = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as bytes; nil when it is NULL.
    public func bytes(_ index: Int) -> [UInt8]? {
        guard !isNull(index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard count > 0, let pointer = sqlite3_column_blob(handle, Int32(index)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The storage class SQLite holds in the column of the current row.
    public func storageClass(_ index: Int) -> SQLiteStorageClass {
        SQLiteStorageClass(code: sqlite3_column_type(handle, Int32(index)))
    }

    /// The column as the value SQLite stores.
    public func value(_ index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer(int64(index))
        case SQLITE_FLOAT: .real(double(index))
        case SQLITE_TEXT: .text(string(index) ?? "")
        case SQLITE_BLOB: .blob(bytes(index) ?? [])
        default: .null
        }
    }

    /// The current row, read whole (the column names are shared between rows, not copied).
    public func row() -> SQLiteRow {
        let names = columnNames
        return SQLiteRow(columns: names, values: (0..<names.count).map(value))
    }
}

/// The five kinds of value SQLite stores.
public enum SQLiteStorageClass: String, Sendable, Hashable {
    case null = "NULL"
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case blob = "BLOB"

    init(code: Int32) {
        switch code {
        case SQLITE_INTEGER: self = .integer
        case SQLITE_FLOAT: self = .real
        case SQLITE_TEXT: self = .text
        case SQLITE_BLOB: self = .blob
        default: self = .null
        }
    }
}
