import MarfaOpenAPIRuntime

/// An HTTP/1.1 request read leniently from bytes: `METHOD target` on the first line, `Name: value`
/// lines up to a blank line, the rest the body. Lines end with LF or CR LF.
struct RawRequest: Sendable {
    let head: HTTPRequest
    let body: [UInt8]?

    init?(_ bytes: [UInt8]) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var bodyStart: Int?
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            var line = bytes[start..<index]
            if line.last == 0x0D { line = line.dropLast() }
            start = index + 1
            if line.isEmpty && !lines.isEmpty {
                bodyStart = start
                break
            }
            lines.append(line)
        }
        guard let requestLine = lines.first else { return nil }
        let words = String(decoding: requestLine, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2 else { return nil }
        var fields = HTTPFields()
        for line in lines.dropFirst() {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            fields.append(
                name: String(text[..<colon]), value: String(text[text.index(after: colon)...].drop { $0 == " " }))
        }
        head = HTTPRequest(method: HTTPMethod(rawValue: String(words[0])), path: String(words[1]), headerFields: fields)
        body = bodyStart.map { Array(bytes[$0...]) }
    }
}
