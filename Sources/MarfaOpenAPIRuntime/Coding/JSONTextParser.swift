/// Reads JSON text into an `OpenAPIValue`, objects in the order of their members, in one pass over its UTF-8 bytes: what the working
/// copy's store reads back for every item, edge and queued write, so it is written for speed (no
/// `Decoder`, no thrown errors for the branches a `Decodable` value tries), and what the local
/// instance checks every request body with. Strict RFC 8259, and I-JSON (RFC 7493) on names and
/// encoding: bytes that are not UTF-8, an object naming one member twice, a trailing comma or
/// anything else outside the grammar is refused. A number written without fraction or exponent
/// that fits in 64 bits is `.int`, any other `.double`. Nesting deeper than `maximumDepth` is
/// refused rather than risking the stack.
package struct JSONTextParser {
    package static let maximumDepth = 512

    /// Why a text was refused, with the byte offset where reading stopped.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Bytes that are not UTF-8.
        case invalidUTF8(offset: Int)
        /// An object names the same member twice.
        case duplicateMember(String, offset: Int)
        /// Nested deeper than `maximumDepth`.
        case tooDeep(offset: Int)
        /// Anything else outside the JSON grammar.
        case syntax(offset: Int)

        package var description: String {
            switch self {
            case .invalidUTF8(let offset): "The text is not UTF-8 (at byte \(offset))."
            case .duplicateMember(let name, let offset):
                "The member '\(name)' is named twice in one object (at byte \(offset))."
            case .tooDeep(let offset):
                "The text nests deeper than \(JSONTextParser.maximumDepth) levels (at byte \(offset))."
            case .syntax(let offset): "The text is not JSON (at byte \(offset))."
            }
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var failure: Failure?

    /// The value `text` holds, or nil when it is not one JSON value.
    package static func parse(_ text: String) -> OpenAPIValue? {
        var text = text
        return text.withUTF8 { bytes in try? read(bytes, checkingUTF8: false) }
    }

    /// The value `bytes` hold, or why they are not one JSON value.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> OpenAPIValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> OpenAPIValue in
            try read(buffer, checkingUTF8: true)
        }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, checkingUTF8: Bool) throws(Failure) -> OpenAPIValue {
        if checkingUTF8, let offset = UTF8Check.firstInvalidOffset(in: bytes) { throw .invalidUTF8(offset: offset) }
        var parser = JSONTextParser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { throw parser.failure ?? .syntax(offset: parser.position) }
        parser.skipBlanks()
        guard parser.position == bytes.count else { throw .syntax(offset: parser.position) }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipBlanks() {
        while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) -> OpenAPIValue? {
        skipBlanks()
        guard depth < Self.maximumDepth else {
            failure = .tooDeep(offset: position)
            return nil
        }
        guard let byte = next else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(OpenAPIValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: OpenAPIValue) -> OpenAPIValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { return nil }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] { return nil }
        position += count
        return value
    }

    private mutating func object(depth: Int) -> OpenAPIValue? {
        position += 1
        var members = OpenAPIObject()
        skipBlanks()
        if next == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipBlanks()
            let keyOffset = position
            guard next == UInt8(ascii: "\""), let key = string() else { return nil }
            guard members.index(forKey: key) == nil else {
                failure = .duplicateMember(key, offset: keyOffset)
                return nil
            }
            skipBlanks()
            guard next == UInt8(ascii: ":") else { return nil }
            position += 1
            guard let member = value(depth: depth + 1) else { return nil }
            members.updateValue(member, forKey: key)
            skipBlanks()
            guard let separator = next, separator == UInt8(ascii: "}") || separator == UInt8(ascii: ",") else {
                return nil
            }
            position += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
        }
    }

    private mutating func array(depth: Int) -> OpenAPIValue? {
        position += 1
        var elements: [OpenAPIValue] = []
        skipBlanks()
        if next == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipBlanks()
            guard let separator = next, separator == UInt8(ascii: "]") || separator == UInt8(ascii: ",") else {
                return nil
            }
            position += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
        }
    }

    /// A string from its opening quote: its bytes as they are when it has no escape.
    private mutating func string() -> String? {
        position += 1
        let start = position
        while let byte = next {
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// The rest of a string that holds an escape, from its first byte `start`: its runs of plain
    /// bytes and its escapes gathered as UTF-8 bytes and decoded once at the closing quote.
    private mutating func escapedString(from start: Int) -> String? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(Swift.max(64, (position - start) * 2))
        var run = start
        while let byte = next {
            switch byte {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
                position += 1
                guard let scalar = escape() else { return nil }
                UTF8.encode(scalar) { utf8.append($0) }
                run = position
            case 0..<0x20:
                return nil
            default:
                position += 1
            }
        }
        return nil
    }

    /// The character an escape after its backslash stands for; a `\u` pair of surrogates is one.
    private mutating func escape() -> Unicode.Scalar? {
        guard let byte = next else { return nil }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return unicodeEscape()
        default: return nil
        }
    }

    /// `XXXX` after `\u`, with the low half of a surrogate pair read too; a lone half is U+FFFD.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit) ?? "\u{FFFD}" }
        let mark = position
        if next == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
            position += 2
            if let low = hexUnit(), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            position = mark
        }
        return "\u{FFFD}"
    }

    private mutating func hexUnit() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    /// A number as RFC 8259 writes one: `-? int frac? exp?`.
    private mutating func number() -> OpenAPIValue? {
        let start = position
        if next == UInt8(ascii: "-") { position += 1 }
        guard let first = next, isDigit(first) else { return nil }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var integral = true
        if next == UInt8(ascii: ".") {
            position += 1
            guard let digit = next, isDigit(digit) else { return nil }
            skipDigits()
            integral = false
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            position += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
            guard let digit = next, isDigit(digit) else { return nil }
            skipDigits()
            integral = false
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if integral, let int = Int64(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { return nil }
        return .double(double)
    }

    private mutating func skipDigits() {
        while let byte = next, isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
