import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

/// Inputs `make fuzz` found (FuzzCurlResponseHead), fed to the parser line by line as libcurl
/// hands them over.
@Suite struct ResponseHeadFuzzRegressionTests {
    /// The parser's step after each line of `head`, cut after each LF as libcurl cuts it.
    func steps(_ head: String) -> [ResponseHeadParser.Step] {
        var parser = ResponseHeadParser()
        let bytes = Array(head.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines.map { line in line.withUnsafeBytes { parser.consume($0) } }
    }

    /// The fuzz input: a status line whose code `050` has no class. It was taken as a final
    /// status 50 once its blank line came; a status must be 100 to 599.
    @Test func aCodeWithNoClassIsNotAStatus() {
        let found = steps(
            "HTTP/1.1 050 Continue\r\n\r\nHTTP/1.1 201 Created\r\nLOcms/01J\r\nX-Long: a\r\n b\r\nX-Empt\n b\r\nX-Empty:;\n\r\n"
        )
        guard case .malformed = found.first else {
            Issue.record("expected the status line to be refused, got \(found)")
            return
        }
        for line in ["HTTP/1.1 000 Zero\r\n", "HTTP/1.1 099 Low\r\n", "HTTP/1.1 600 High\r\n", "HTTP/2 999\r\n"] {
            guard case .malformed = steps(line).first else {
                Issue.record("\(line) was taken as a status")
                continue
            }
        }
        #expect(steps("HTTP/1.1 599 Edge\r\n\r\n").last == .complete(status: 599, fields: [:]))
        #expect(steps("HTTP/2 100\r\n\r\nHTTP/2 200\r\n\r\n").last == .complete(status: 200, fields: [:]))
    }
}
