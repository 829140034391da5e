import Foundation

/// Decodes a `Decodable` record from the current row: each coding key names a column.
///
/// The statement's name table is built once; on later rows, keys asked for in the same order as on
/// the first reuse the indexes found then, so a row costs a string comparison per key. Properties
/// of types that are `SQLiteColumnValue` read their column strictly; other `Decodable` types (enums
/// with raw values, `UUID`, …) decode from a single-value container over their column.
struct SQLiteRowDecoder: Decoder {
    let row: SQLiteRowReader
    /// Where this row is in the statement's key plan.
    let cursor = KeyCursor()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(row: SQLiteRowReader) { self.row = row }

    /// The position in the key plan and the last key looked up, so the several calls one optional
    /// property makes (`contains`, `decodeNil`, `decode`) count as one step.
    final class KeyCursor {
        var position = -1
        var lastKey: String?
        var lastIndex: Int?
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: [], debugDescription: "A row decodes as a keyed record, not a list."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self, .init(codingPath: [], debugDescription: "A row decodes as a keyed record, not one value."))
    }

    /// The column for `name`, from the key plan when the row asks in the first row's order.
    func columnIndex(for name: String) -> Int? {
        if name == cursor.lastKey { return cursor.lastIndex }
        cursor.position += 1
        let indexes = row.statement.columnIndexes
        let position = cursor.position
        let found: Int?
        if position < indexes.keyPlan.count, indexes.keyPlan[position].key == name {
            found = indexes.keyPlan[position].index
        } else {
            found = indexes.index(of: name)
            if position == indexes.keyPlan.count { indexes.keyPlan.append((name, found)) }
        }
        cursor.lastKey = name
        cursor.lastIndex = found
        return found
    }
}

/// The row's columns by coding key.
private struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: SQLiteRowDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.row.statement.columnNames.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { decoder.columnIndex(for: key.stringValue) != nil }

    func index(_ key: Key, expected: Any.Type) throws -> Int {
        guard let index = decoder.columnIndex(for: key.stringValue) else {
            throw SQLiteDecodingError(
                reason: .noSuchColumn, index: nil, column: key.stringValue, expected: String(describing: expected),
                sql: decoder.row.statement.sql)
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.row.isNull(try index(key, expected: Any?.self)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, key) }

    /// One property's column as `T`.
    private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try ColumnReading(row: decoder.row, index: try index(key, expected: T.self), key: key).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: [key], debugDescription: "A column holds one value, not a nested record."))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: [key], debugDescription: "A column holds one value, not a list."))
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ColumnDecoder(reading: ColumnReading(row: decoder.row, index: try index(key, expected: Any.self), key: key))
    }
}

/// One column of the current row, decoded as a Swift value.
private struct ColumnReading {
    let row: SQLiteRowReader
    let index: Int
    let key: any CodingKey

    /// The column as `T`: strictly through `SQLiteColumnValue` when `T` is one, as a fixed-width
    /// integer or `Float` within range, else through `T`'s own `init(from:)` over this column.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let columnType = T.self as? any SQLiteColumnValue.Type {
            return try columnType.decode(from: row, at: index) as! T
        }
        if let integerType = T.self as? any FixedWidthInteger.Type {
            return try integer(integerType) as! T
        }
        if T.self == Float.self {
            return Float(try Double.decode(from: row, at: index)) as! T
        }
        return try T(from: ColumnDecoder(reading: self))
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let value = try Int64.decode(from: row, at: index)
        guard let exact = I(exactly: value) else {
            throw row.error(.typeMismatch(found: .integer), at: index, expected: I.self)
        }
        return exact
    }
}

/// A decoder over one column, for property types that decode themselves from a single value.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let reading: ColumnReading
    var codingPath: [any CodingKey] { [reading.key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "A column holds one value, not a nested record."))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "A column holds one value, not a list."))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { reading.row.isNull(reading.index) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reading.decode(T.self) }
    func decode(_ type: Bool.Type) throws -> Bool { try reading.decode(type) }
    func decode(_ type: String.Type) throws -> String { try reading.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try reading.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try reading.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try reading.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reading.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reading.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reading.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reading.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try reading.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reading.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reading.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reading.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reading.decode(type) }
}
