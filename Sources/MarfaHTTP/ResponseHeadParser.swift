import MarfaOpenAPIRuntime

/// Reads the header lines libcurl hands over, one at a time, into a status and `HTTPFields`.
///
/// Interim (1xx) heads such as `100 Continue` are read and dropped; the head is complete at the
/// blank line that ends a final status's block. Folded continuation lines join the previous field.
/// Package access for the fuzz target `FuzzCurlResponseHead`.
package struct ResponseHeadParser {
    package enum Step: Equatable {
        /// More lines are needed.
        case needMore
        /// The final head is complete.
        case complete(status: Int, fields: HTTPFields)
        /// The line is not HTTP.
        case malformed(String)
    }

    private var status: Int?
    private var fields: [HTTPFields.Field] = []

    /// A parser waiting for the first status line.
    package init() {}

    /// Takes one line, with or without its CR LF.
    package mutating func consume(_ raw: UnsafeRawBufferPointer) -> Step {
        var line = raw[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }
        if line.isEmpty {
            guard let status else { return .malformed("a blank line came before the status line") }
            if (100..<200).contains(status) && status != 101 {
                self.status = nil
                fields = []
                return .needMore
            }
            return .complete(status: status, fields: HTTPFields(fields))
        }
        if line.starts(with: "HTTP/".utf8) {
            guard let code = Self.statusCode(line) else { return .malformed("the status line is not valid") }
            status = code
            fields = []
            return .needMore
        }
        guard status != nil else { return .malformed("a header line came before the status line") }
        if let first = line.first, first == 0x20 || first == 0x09 {
            guard !fields.isEmpty else { return .malformed("a continuation line came before any field") }
            let more = Self.trimmed(line)
            if !more.isEmpty { fields[fields.count - 1].value += " " + String(decoding: more, as: UTF8.self) }
            return .needMore
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
            return .malformed("a header line has no field name")
        }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
        fields.append(HTTPFields.Field(name: name, value: value))
        return .needMore
    }

    /// The three-digit code after the version: `HTTP/1.1 200 OK`, `HTTP/2 204`. Only 100 to 599
    /// (RFC 9110 §15): a code whose first digit names no class, such as `050`, is not a status.
    private static func statusCode(_ line: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard let space = line.firstIndex(of: 0x20) else { return nil }
        let digits = line[(space + 1)...].prefix { $0 != 0x20 }
        guard digits.count == 3, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (100...599).contains(code) ? code : nil
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return bytes
    }
}
