#if DEBUG
import Foundation
import Marfa

/// JSON as the copy's store keeps it: compact text with object keys sorted, read back with
/// `JSONDecoder`. The fake passes its values through it, so they come back as a store's would.
enum StoredJSON {
    /// `object` as the store writes it.
    static func text(_ object: JSONObject) -> String {
        var text = ""
        write(.object(object), to: &text)
        return text
    }

    /// `strings` as a JSON array.
    static func text(_ strings: [String]) -> String {
        var text = ""
        write(.array(strings.map { .string($0) }), to: &text)
        return text
    }

    /// `object` written and read back, as a store answers it.
    static func stored(_ object: JSONObject) -> JSONObject {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text(object).utf8)) else { return [:] }
        return value.object ?? [:]
    }

    private static func write(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .int(let number): text += String(number)
        case .double(let number): text += number.isFinite ? "\(number)" : "null"
        case .string(let string): write(string, to: &text)
        case .array(let values):
            text += "["
            for (position, element) in values.enumerated() {
                if position > 0 { text += "," }
                write(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { text += "," }
                write(key, to: &text)
                text += ":"
                write(members[key] ?? .null, to: &text)
            }
            text += "}"
        }
    }

    private static func write(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
#endif
