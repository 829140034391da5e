/// The renderer's output: lines of text, indented four spaces a level.
struct SwiftWriter {
    private var out: SourceText
    /// The lines written so far.
    var text: String { out.string }
    /// The lines written so far, as bytes.
    var source: SourceText { out }
    /// How many bytes have been written.
    var byteCount: Int { out.byteCount }
    private var depth = 0

    /// An empty writer with room for `capacity` bytes before its text grows.
    init(capacity: Int = 1024) {
        out = SourceText(capacity: capacity)
    }

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            out += "\n"
            return
        }
        out += depth < Self.indents.count ? Self.indents[depth] : String(repeating: "    ", count: depth)
        out += content
        out += "\n"
    }

    /// The indentation of the first levels, made once instead of for every line.
    private static let indents = (0..<16).map { String(repeating: "    ", count: $0) }

    /// A line whose text `write` appends (it must append something; an empty line is `line()`).
    mutating func line(_ write: (inout SourceText) -> Void) {
        out += depth < Self.indents.count ? Self.indents[depth] : String(repeating: "    ", count: depth)
        write(&out)
        out += "\n"
    }

    /// `open(header)` for a header that `write` appends.
    mutating func open(_ write: (inout SourceText) -> Void) {
        line { out in
            write(&out)
            out += " {"
        }
        depth += 1
    }

    mutating func doc(_ lines: [String]) {
        // `*/` would end a block comment around the declaration; most lines have none, so they are
        // checked byte by byte before Foundation is asked to replace it.
        for line in lines {
            if Self.endsOrTroublesComment(line) {
                // A break inside one line (a path or name written into it) would end the comment
                // there, and a NUL in it is a compiler warning: it is written as `\0`.
                doc(Doc.characterLines(line.replacingOccurrences(of: "\0", with: "\\0")))
            } else if line.isEmpty {
                self.line("///")
            } else if Self.containsCommentEnd(line) {
                self.line("/// " + line.replacingOccurrences(of: "*/", with: "* /"))
            } else {
                self.line { out in
                    out += "/// "
                    out += line
                }
            }
        }
    }

    /// Whether `line` holds a `\r` or `\n` byte, either of which ends a `///` comment in Swift, or
    /// a NUL byte, which Swift warns about wherever it stands.
    private static func endsOrTroublesComment(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            bytes.contains { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }
        }
    }

    /// Whether `line` holds the bytes of `*/`.
    private static func containsCommentEnd(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var index = 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/") && bytes[index - 1] == UInt8(ascii: "*") { return true }
                index += 1
            }
            return false
        }
    }

    mutating func open(_ header: String) {
        line(header + " {")
        depth += 1
    }

    mutating func close(_ trailer: String = "}") {
        depth -= 1
        line(trailer)
    }

    mutating func indent() { depth += 1 }
    mutating func dedent() { depth -= 1 }
}
