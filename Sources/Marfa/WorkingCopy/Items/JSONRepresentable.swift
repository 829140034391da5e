import Foundation

/// A Swift value that has a JSON form: text, numbers, booleans, dates (as RFC 3339 text), and
/// arrays, dictionaries and optionals of those. `JSONValue(_:)` takes any of them, and a literal of
/// `String: any JSONRepresentable` pairs builds an item's properties in order (`Draft(type:values:)`).
public protocol JSONRepresentable: Sendable {
    /// The value in JSON form.
    var jsonValue: JSONValue { get }
}

extension OpenAPIValue: JSONRepresentable {
    /// The value itself.
    public var jsonValue: JSONValue { self }
}

extension String: JSONRepresentable {
    /// `.string`.
    public var jsonValue: JSONValue { .string(self) }
}

extension Substring: JSONRepresentable {
    /// `.string`.
    public var jsonValue: JSONValue { .string(String(self)) }
}

extension Bool: JSONRepresentable {
    /// `.bool`.
    public var jsonValue: JSONValue { .bool(self) }
}

extension Double: JSONRepresentable {
    /// `.double`; JSON has no infinity or NaN, so a store writes those as `null`.
    public var jsonValue: JSONValue { .double(self) }
}

extension Float: JSONRepresentable {
    /// `.double`, the float widened.
    public var jsonValue: JSONValue { .double(Double(self)) }
}

extension Date: JSONRepresentable {
    /// `.string` holding RFC 3339 text in UTC, as the server writes `date-time`s.
    public var jsonValue: JSONValue { .string(ISO8601.string(from: self)) }
}

extension Int: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int8: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int16: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int32: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension Int64: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(self) }
}

extension UInt: JSONRepresentable {
    /// `.int`, or `.double` above `Int64.max`.
    public var jsonValue: JSONValue { JSONValue.unsigned(UInt64(self)) }
}

extension UInt8: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension UInt16: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension UInt32: JSONRepresentable {
    /// `.int`.
    public var jsonValue: JSONValue { .int(Int64(self)) }
}

extension UInt64: JSONRepresentable {
    /// `.int`, or `.double` above `Int64.max`.
    public var jsonValue: JSONValue { JSONValue.unsigned(self) }
}

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
    /// The wrapped value's form, or `.null`.
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    /// `.array` of the elements' forms, in order.
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension Dictionary: JSONRepresentable where Key == String, Value: JSONRepresentable {
    /// `.object` of the values' forms, keys sorted (a dictionary holds no order to keep).
    public var jsonValue: JSONValue { .object(JSONObject(mapValues(\.jsonValue))) }
}

extension JSONObject: JSONRepresentable {
    /// `.object` of the members, in order.
    public var jsonValue: JSONValue { .object(self) }
}

extension JSONValue {
    /// `value` as an integer when it fits in 64 signed bits, else as a double.
    static func unsigned(_ value: UInt64) -> JSONValue {
        value <= UInt64(Int64.max) ? .int(Int64(value)) : .double(Double(value))
    }
}
