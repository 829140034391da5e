#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes JSON strings readable by libyaml where JSON allows what YAML does not: surrogate-pair
/// escapes (libyaml rejects `\uD800`–`\uDFFF`) and raw C1 control characters (U+0080–U+009F,
/// which RFC 8259 allows unescaped and YAML does not; U+0085 would even be a line break).
///
/// Only input that lexes as JSON is touched (YAML could hold the same characters in a plain or
/// single-quoted scalar, where they are literal text). In JSON strings a high/low pair such as
/// `\uD83D\uDE00` becomes the YAML escape `\U0001F600` (two characters shorter), a lone
/// surrogate becomes `\uFFFD` (U+FFFD REPLACEMENT CHARACTER, same length), and a raw C1
/// character becomes the escape `\x80`…`\x9F` (three characters longer). Each change of length is
/// remembered per line so positions can be mapped back to the original text.
struct JSONSurrogates {
    /// A change of length at a column of the rewritten text.
    struct Shift: Sendable {
        /// The 0-based column just after the rewritten escape.
        var column: Int
        /// What to add to later columns to get the original ones.
        var delta: Int
    }

    /// For each 0-based line of the rewritten text, its shifts, by ascending column.
    private(set) var shifts: [Int: [Shift]] = [:]

    /// The column in the original text of a 0-based rewritten `column` on `line`.
    func originalColumn(line: Int, column: Int) -> Int {
        guard let points = shifts[line] else { return column }
        return column + points.reduce(0) { $1.column <= column ? $0 + $1.delta : $0 }
    }

    /// The rewritten bytes and the shifts, or nil when the input needs no rewrite (including
    /// when it is not JSON).
    static func rewrite(_ input: [UInt8]) -> (bytes: [UInt8], map: JSONSurrogates)? {
        guard mentionsSurrogate(input) || mentionsC1Control(input) else { return nil }
        return input.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(buffer)
            return lexer.run()
        }
    }

    /// A quick check for `\u` followed by `d8`–`df`, in any case; `memchr` finds each backslash.
    private static func mentionsSurrogate(_ input: [UInt8]) -> Bool {
        input.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let end = base + buffer.count
            var cursor = base
            while end - cursor > 3, let found = memchr(cursor, Int32(UInt8(ascii: "\\")), end - cursor - 3) {
                let slash = found.assumingMemoryBound(to: UInt8.self)
                if slash[1] == UInt8(ascii: "u"), slash[2] | 0x20 == UInt8(ascii: "d") {
                    let next = slash[3] | 0x20
                    if next == UInt8(ascii: "8") || next == UInt8(ascii: "9")
                        || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "f"))
                    {
                        return true
                    }
                }
                cursor = UnsafePointer(slash) + 1
            }
            return false
        }
    }

    /// A quick check for the UTF-8 form of U+0080–U+009F (`C2 80`…`C2 9F`); `memchr` finds each `C2`.
    private static func mentionsC1Control(_ input: [UInt8]) -> Bool {
        input.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let end = base + buffer.count
            var cursor = base
            while end - cursor > 1, let found = memchr(cursor, 0xC2, end - cursor - 1) {
                let lead = found.assumingMemoryBound(to: UInt8.self)
                if (0x80...0x9F).contains(lead[1]) { return true }
                cursor = UnsafePointer(lead) + 1
            }
            return false
        }
    }

    private static func hex4(_ input: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at + 4 <= input.count else { return nil }
        var value = 0
        for byte in input[at..<(at + 4)] {
            let digit: Int
            switch byte {
            case 0x30...0x39: digit = Int(byte - 0x30)
            case 0x41...0x46: digit = Int(byte - 0x41 + 10)
            case 0x61...0x66: digit = Int(byte - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            true
        default: false
        }
    }
}

extension JSONSurrogates {
    /// One pass over input that may be JSON: copies it, rewriting the surrogate escapes of its
    /// strings, and gives up at the first byte JSON does not allow where it stands.
    private struct Lexer {
        private let input: UnsafeBufferPointer<UInt8>
        private var out: [UInt8] = []
        private var map = JSONSurrogates()
        private var changed = false
        private var index = 0
        private var line = 0
        private var column = 0
        private var inString = false

        init(_ input: UnsafeBufferPointer<UInt8>) {
            self.input = input
            out.reserveCapacity(input.count)
        }

        /// The rewritten bytes and shifts; nil when the input is not JSON or holds no surrogate escape.
        mutating func run() -> (bytes: [UInt8], map: JSONSurrogates)? {
            if input.starts(with: [0xEF, 0xBB, 0xBF]) {
                out += [0xEF, 0xBB, 0xBF]
                index = 3
            }
            while index < input.count {
                let byte = input[index]
                guard inString ? stringByte(byte) : structureByte(byte) else { return nil }
            }
            return changed ? (out, map) : nil
        }

        /// A byte inside a string: its end, an escape or a character.
        private mutating func stringByte(_ byte: UInt8) -> Bool {
            if byte == UInt8(ascii: "\"") {
                inString = false
            } else if byte == UInt8(ascii: "\\") {
                return escape()
            } else if byte < 0x20 {
                return false
            } else if byte == 0xC2, index + 1 < input.count, (0x80...0x9F).contains(input[index + 1]) {
                rewriteC1Control(input[index + 1])
                return true
            }
            out.append(byte)
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
            return true
        }

        /// The escape at `index`: a surrogate is rewritten, any other copied.
        private mutating func escape() -> Bool {
            guard index + 1 < input.count else { return false }
            let escape = input[index + 1]
            if escape == UInt8(ascii: "u"), let unit = JSONSurrogates.hex4(input, index + 2),
                (0xD800...0xDFFF).contains(unit)
            {
                rewriteSurrogate(unit)
                return true
            }
            guard escape >= 0x20 && escape < 0x7F else { return false }
            out.append(UInt8(ascii: "\\"))
            out.append(escape)
            index += 2
            column += 2
            return true
        }

        /// A high and low pair as one `\U` escape (two characters shorter, remembered), anything
        /// else as U+FFFD.
        private mutating func rewriteSurrogate(_ unit: Int) {
            changed = true
            if unit <= 0xDBFF, index + 11 < input.count, input[index + 6] == UInt8(ascii: "\\"),
                input[index + 7] == UInt8(ascii: "u"), let low = JSONSurrogates.hex4(input, index + 8),
                (0xDC00...0xDFFF).contains(low)
            {
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                let digits = String(scalar, radix: 16, uppercase: true)
                out +=
                    Array("\\U".utf8) + Array(repeating: UInt8(ascii: "0"), count: 8 - digits.count)
                    + Array(digits.utf8)
                index += 12
                column += 10
                map.shifts[line, default: []].append(Shift(column: column, delta: 2))
            } else {
                out += Array("\\uFFFD".utf8)
                index += 6
                column += 6
            }
        }

        /// A raw C1 control character (two bytes, one column) as the YAML escape `\xHH` (four columns).
        private mutating func rewriteC1Control(_ low: UInt8) {
            changed = true
            let digits = Array(String(low, radix: 16, uppercase: true).utf8)
            out += Array("\\x".utf8) + digits
            index += 2
            column += 4
            map.shifts[line, default: []].append(Shift(column: column, delta: -3))
        }

        /// A byte outside strings: punctuation, white space, a line break, a number or a literal.
        private mutating func structureByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                column += 1
            case UInt8(ascii: "\""):
                inString = true
                column += 1
            case UInt8(ascii: "\n"):
                line += 1
                column = 0
            case UInt8(ascii: "\r"):
                if index + 1 < input.count && input[index + 1] == UInt8(ascii: "\n") {
                    out.append(byte)
                    index += 1
                }
                out.append(input[index])
                index += 1
                line += 1
                column = 0
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < input.count, JSONSurrogates.isNumberByte(input[end]) { end += 1 }
                out += input[index..<end]
                column += end - index
                index = end
                return true
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return literal()
            default:
                return false
            }
            out.append(byte)
            index += 1
            return true
        }

        /// `true`, `false` or `null`, followed by a delimiter or the end.
        private mutating func literal() -> Bool {
            guard
                let literal = [Array("true".utf8), Array("false".utf8), Array("null".utf8)].first(where: {
                    input[index...].starts(with: $0)
                })
            else { return false }
            let end = index + literal.count
            if end < input.count, !JSONSurrogates.isDelimiter(input[end]) { return false }
            out += literal
            column += literal.count
            index = end
            return true
        }
    }
}
