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
        var end = raw.count
        while end > 0 && (raw[end - 1] == 0x0A || raw[end - 1] == 0x0D) { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: raw[0..<end])
        if line.isEmpty {
            guard let status else { return .malformed("a blank line came before the status line") }
            if (100..<200).contains(status) && status != 101 {
                self.status = nil
                fields = []
                return .needMore
            }
            return .complete(status: status, fields: HTTPFields(fields))
        }
        if Self.isStatusLine(line) {
            guard let code = Self.statusCode(line) else { return .malformed("the status line is not valid") }
            status = code
            fields = []
            return .needMore
        }
        guard status != nil else { return .malformed("a header line came before the status line") }
        if line[0] == 0x20 || line[0] == 0x09 {
            guard !fields.isEmpty else { return .malformed("a continuation line came before any field") }
            let more = Self.trimmed(line, from: 0, to: line.count)
            if !more.isEmpty { fields[fields.count - 1].value += " " + String(decoding: more, as: UTF8.self) }
            return .needMore
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            return .malformed("a header line has no field name")
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[0..<colon]), as: UTF8.self)
        let value = String(decoding: Self.trimmed(line, from: colon + 1, to: line.count), as: UTF8.self)
        fields.append(HTTPFields.Field(name: name, value: value))
        return .needMore
    }

    /// Whether `line` starts with `HTTP/`.
    private static func isStatusLine(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count >= 5 && line[0] == 0x48 && line[1] == 0x54 && line[2] == 0x54 && line[3] == 0x50
            && line[4] == 0x2F
    }

    /// The three-digit code after the version: `HTTP/1.1 200 OK`, `HTTP/2 204`. Only 100 to 599
    /// (RFC 9110 §15): a code whose first digit names no class, such as `050`, is not a status.
    private static func statusCode(_ line: UnsafeRawBufferPointer) -> Int? {
        guard let space = line.firstIndex(of: 0x20) else { return nil }
        var end = space + 1
        while end < line.count && line[end] != 0x20 { end += 1 }
        guard end - space - 1 == 3 else { return nil }
        var code = 0
        for index in (space + 1)..<end {
            let byte = line[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            code = code * 10 + Int(byte - 0x30)
        }
        return (100...599).contains(code) ? code : nil
    }

    /// The bytes of `line` from `start` up to `end` without leading and trailing spaces and tabs.
    private static func trimmed(_ line: UnsafeRawBufferPointer, from start: Int, to end: Int) -> UnsafeRawBufferPointer
    {
        var start = start
        var end = end
        while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
        while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: line[start..<end])
    }
}
