/// Writes an `OpenAPIValue` as compact JSON text: no blanks, object members in their order (or
/// sorted, when asked), strings escaped only where JSON requires (`"`, `\` and control characters).
/// A non-finite number, which JSON cannot hold, is written as `null`. The same value always
/// writes the same bytes.
package enum JSONTextWriter {
    /// `value` as compact JSON text.
    package static func text(_ value: OpenAPIValue, sortingKeys: Bool = false) -> String {
        String(decoding: bytes(value, sortingKeys: sortingKeys), as: UTF8.self)
    }

    /// `value` as compact JSON in UTF-8.
    package static func bytes(_ value: OpenAPIValue, sortingKeys: Bool = false) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        write(value, sortingKeys: sortingKeys, to: &text)
        return text
    }

    /// Appends `value` as compact JSON to `text`.
    package static func write(_ value: OpenAPIValue, sortingKeys: Bool, to text: inout [UInt8]) {
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
                write(element, sortingKeys: sortingKeys, to: &text)
            }
            text.append(UInt8(ascii: "]"))
        case .object(let members):
            text.append(UInt8(ascii: "{"))
            let order =
                sortingKeys ? members.indices.sorted { members.keys[$0] < members.keys[$1] } : Array(members.indices)
            for (count, index) in order.enumerated() {
                if count > 0 { text.append(UInt8(ascii: ",")) }
                writeString(members.keys[index], to: &text)
                text.append(UInt8(ascii: ":"))
                write(members.values[index], sortingKeys: sortingKeys, to: &text)
            }
            text.append(UInt8(ascii: "}"))
        }
    }

    /// `string` quoted, its UTF-8 copied in runs between the bytes JSON escapes.
    package static func writeString(_ string: String, to text: inout [UInt8]) {
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
