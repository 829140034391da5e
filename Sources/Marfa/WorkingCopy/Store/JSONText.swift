import Foundation

/// JSON values as compact text, object members in their order, the way the store keeps them, and
/// back (`JSONTextWriter` and `JSONTextParser`). The fake copy passes its values through it too, so
/// they come back as a store's would.
package enum JSONText {
    /// `value` as compact JSON, members in order. A non-finite number is written as `null`.
    package static func encode(_ value: JSONValue) -> String { JSONTextWriter.text(value) }

    /// `object` as compact JSON, members in order.
    package static func encode(_ object: JSONObject) -> String { encode(.object(object)) }

    /// `strings` as a JSON array.
    package static func encode(_ strings: [String]) -> String { encode(.array(strings.map { .string($0) })) }

    /// The object `text` holds; empty for text that isn't one (the store writes only objects).
    package static func object(_ text: String?) -> JSONObject {
        guard let text else { return [:] }
        return JSONTextParser.parse(text)?.object ?? [:]
    }

    /// The strings of the array `text` holds.
    package static func strings(_ text: String?) -> [String] {
        guard let text, case .array(let values)? = JSONTextParser.parse(text) else { return [] }
        return values.compactMap(\.string)
    }

    /// `object` written and read back, as a store answers it.
    package static func stored(_ object: JSONObject) -> JSONObject { self.object(encode(object)) }

    /// Any `Encodable` wire value as a `JSONValue`, members in the order it encodes them.
    static func value<T: Encodable>(of wire: T) -> JSONValue {
        (try? JSONValueEncoder.encode(wire)) ?? .null
    }
}
