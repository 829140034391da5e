import Foundation

extension JSONValue {
    /// The JSON form of `value`: `JSONValue(title)` for a `String` variable, `JSONValue(count)` for
    /// an `Int`, `JSONValue(date)` for RFC 3339 text, and arrays, dictionaries and optionals of those.
    public init(_ value: some JSONRepresentable) {
        self = value.jsonValue
    }

    /// An object of the members' JSON forms, in the literal's order:
    /// `JSONValue(members: ["title": title, "count": 3])`.
    public init(members: KeyValuePairs<String, any JSONRepresentable>) {
        self = .object(JSONObject(members.map { ($0.key, $0.value.jsonValue) }))
    }

    /// The number, whether written as an integer or not (the same as `double`).
    public var number: Double? { double }

    /// The integer, or nil for any other value, a number with a fraction included (the same as `int`).
    public var integer: Int64? { int }

    /// The date that RFC 3339 text holds, or nil for any other value.
    public var date: Date? { string.flatMap(ISO8601.date(from:)) }
}
