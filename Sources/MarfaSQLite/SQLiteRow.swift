import Foundation

/// One result row, read whole: its values by column index or name.
public struct SQLiteRow: Sendable, Hashable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at `index`, or `.null` past the last column.
    public subscript(index: Int) -> SQLiteValue { values.indices.contains(index) ? values[index] : .null }

    /// The value of the first column named `name` (case-insensitive), or `.null` when there is none.
    public subscript(name: String) -> SQLiteValue {
        guard let index = columns.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
            return .null
        }
        return values[index]
    }

    public func int(_ name: String) -> Int? { self[name].integer.map { Int($0) } }
    public func int64(_ name: String) -> Int64? { self[name].integer }
    public func double(_ name: String) -> Double? { self[name].real }
    public func string(_ name: String) -> String? { self[name].text }
    public func bytes(_ name: String) -> [UInt8]? { self[name].blob }
    public func bool(_ name: String) -> Bool? { self[name].integer.map { $0 != 0 } }
}
