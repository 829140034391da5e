import Foundation

/// JSON values as compact text with sorted keys, the way the store keeps them, and back. The fake
/// copy passes its values through it too, so they come back as a store's would.
package enum JSONText {
    /// `value` as compact JSON, object keys sorted. A non-finite number is written as `null`.
    package static func encode(_ value: JSONValue) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        write(value, to: &text)
        return String(decoding: text, as: UTF8.self)
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

    private static func write(_ value: JSONValue, to text: inout [UInt8]) {
        switch value {
        case .null: text += "null".utf8
        case .bool(let flag): text += (flag ? "true" : "false").utf8
        case .int(let number): text += String(number).utf8
        case .double(let number): text += (number.isFinite ? "\(number)" : "null").utf8
        case .string(let string): writeString(string, to: &text)
        case .array(let values):
            text.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                write(element, to: &text)
            }
            text.append(UInt8(ascii: "]"))
        case .object(let members):
            text.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                writeString(key, to: &text)
                text.append(UInt8(ascii: ":"))
                write(members[key]!, to: &text)
            }
            text.append(UInt8(ascii: "}"))
        }
    }

    /// `string` quoted, its UTF-8 copied in runs between the bytes JSON escapes.
    private static func writeString(_ string: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices
            where utf8[index] < 0x20 || utf8[index] == UInt8(ascii: "\"") || utf8[index] == UInt8(ascii: "\\") {
                text.append(contentsOf: utf8[run..<index])
                writeEscape(utf8[index], to: &text)
                run = index + 1
            }
            text.append(contentsOf: utf8[run...])
        }
        text.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeEscape(_ byte: UInt8, to text: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): text += #"\""#.utf8
        case UInt8(ascii: "\\"): text += #"\\"#.utf8
        case UInt8(ascii: "\n"): text += #"\n"#.utf8
        case UInt8(ascii: "\r"): text += #"\r"#.utf8
        case UInt8(ascii: "\t"): text += #"\t"#.utf8
        default:
            text += #"\u00"#.utf8
            text += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
        }
    }
}
