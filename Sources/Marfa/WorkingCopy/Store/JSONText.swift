import Foundation

/// JSON values as compact text with sorted keys, the way the store keeps them, and back. The fake
/// copy passes its values through it too, so they come back as a store's would.
package enum JSONText {
    /// `value` as compact JSON, object keys sorted. A non-finite number is written as `null`.
    package static func encode(_ value: JSONValue) -> String {
        var text = ""
        write(value, to: &text)
        return text
    }

    /// `object` as compact JSON, keys sorted.
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

    /// Any `Encodable` wire value as a `JSONValue`.
    static func value<T: Encodable>(of wire: T) -> JSONValue {
        guard let data = try? JSONEncoder().encode(wire) else { return .null }
        return JSONTextParser.parse(String(decoding: data, as: UTF8.self)) ?? .null
    }

    private static func write(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += number.isFinite ? "\(number)" : "null"
        case .string(let string): writeString(string, to: &text)
        case .array(let values):
            text += "["
            for (index, element) in values.enumerated() {
                if index > 0 { text += "," }
                write(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                writeString(key, to: &text)
                text += ":"
                write(members[key]!, to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
