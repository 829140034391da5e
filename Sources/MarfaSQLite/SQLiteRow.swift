import Foundation

/// One result row, read whole: its values by column index or name, the one way the package reads
/// a row.
public struct SQLiteRow: Sendable, Hashable {
    /// The columns' names, in result order.
    public let columns: [String]
    /// The values, one per column.
    public let values: [SQLiteValue]

    /// A row of `values` under `columns`.
    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at `index`, or `.null` past the last column.
    public subscript(index: Int) -> SQLiteValue { values.indices.contains(index) ? values[index] : .null }

    /// The value of the first column named `name` (case-insensitive), or `.null` when there is none.
    public subscript(name: String) -> SQLiteValue {
        if let index = columns.firstIndex(of: name) { return values[index] }
        guard let index = columns.firstIndex(where: { Self.sameIgnoringCase($0, name) }) else { return .null }
        return values[index]
    }

    /// Whether two column names are equal with ASCII letters' case ignored, as SQLite compares
    /// identifiers.
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count
            && zip(a.utf8, b.utf8).allSatisfy { x, y in
                x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
            }
    }

    /// The column named `name` as an integer (see `SQLiteValue.integer`), or nil.
    public func int(_ name: String) -> Int? { self[name].integer.map { Int($0) } }
    /// The column named `name` as a 64-bit integer (see `SQLiteValue.integer`), or nil.
    public func int64(_ name: String) -> Int64? { self[name].integer }
    /// The column named `name` as a real number (see `SQLiteValue.real`), or nil.
    public func double(_ name: String) -> Double? { self[name].real }
    /// The column named `name` as text (see `SQLiteValue.text`), or nil.
    public func string(_ name: String) -> String? { self[name].text }
    /// The column named `name` as bytes (see `SQLiteValue.blob`), or nil.
    public func bytes(_ name: String) -> [UInt8]? { self[name].blob }
    /// The column named `name` as a flag: an integer other than 0 is true; nil when not an integer.
    public func bool(_ name: String) -> Bool? { self[name].integer.map { $0 != 0 } }
}
