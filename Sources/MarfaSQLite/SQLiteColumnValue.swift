import Foundation

/// A Swift type one result column converts to, strictly: a column holding another storage class,
/// or NULL where the type is not optional, is a `SQLiteDecodingError` instead of a silent coercion.
public protocol SQLiteColumnValue {
    /// The value of the column at `index` of `row`'s current row.
    static func decode(from row: SQLiteRowReader, at index: Int) throws -> Self
}

extension SQLiteColumnValue {
    /// The error for a column whose storage class is not one this type reads.
    static func mismatch(_ row: SQLiteRowReader, _ index: Int) -> SQLiteDecodingError {
        let found = row.statement.storageClass(index)
        return row.error(found == .null ? .unexpectedNull : .typeMismatch(found: found), at: index, expected: Self.self)
    }
}

extension Int64: SQLiteColumnValue {
    /// An INTEGER, or a REAL with no fraction that fits.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Int64 {
        switch row.statement.storageClass(index) {
        case .integer: return row.statement.int64(index)
        case .real:
            guard let exact = Int64(exactly: row.statement.double(index)) else { throw mismatch(row, index) }
            return exact
        default: throw mismatch(row, index)
        }
    }
}

extension Int: SQLiteColumnValue {
    /// An INTEGER, or a REAL with no fraction that fits.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Int {
        guard let value = Int(exactly: try Int64.decode(from: row, at: index)) else { throw mismatch(row, index) }
        return value
    }
}

extension Int32: SQLiteColumnValue {
    /// An INTEGER (or a REAL with no fraction) within `Int32`'s range.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Int32 {
        guard let value = Int32(exactly: try Int64.decode(from: row, at: index)) else { throw mismatch(row, index) }
        return value
    }
}

extension Double: SQLiteColumnValue {
    /// A REAL or an INTEGER.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Double {
        switch row.statement.storageClass(index) {
        case .real, .integer: return row.statement.double(index)
        default: throw mismatch(row, index)
        }
    }
}

extension Bool: SQLiteColumnValue {
    /// An INTEGER: 0 is false, anything else true.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Bool {
        guard row.statement.storageClass(index) == .integer else { throw mismatch(row, index) }
        return row.statement.int64(index) != 0
    }
}

extension String: SQLiteColumnValue {
    /// TEXT.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> String {
        guard row.statement.storageClass(index) == .text, let text = row.statement.string(index) else {
            throw mismatch(row, index)
        }
        return text
    }
}

extension Array: SQLiteColumnValue where Element == UInt8 {
    /// A BLOB, or TEXT's UTF-8 bytes.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> [UInt8] {
        switch row.statement.storageClass(index) {
        case .blob, .text: return row.statement.bytes(index) ?? []
        default: throw mismatch(row, index)
        }
    }
}

extension Data: SQLiteColumnValue {
    /// A BLOB, or TEXT's UTF-8 bytes.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Data {
        Data(try [UInt8].decode(from: row, at: index))
    }
}

extension SQLiteValue: SQLiteColumnValue {
    /// Whatever the column holds, NULL included.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> SQLiteValue {
        row.statement.value(index)
    }
}

extension Optional: SQLiteColumnValue where Wrapped: SQLiteColumnValue {
    /// nil for NULL, else the wrapped type's value.
    public static func decode(from row: SQLiteRowReader, at index: Int) throws -> Wrapped? {
        row.statement.isNull(index) ? nil : try Wrapped.decode(from: row, at: index)
    }
}
