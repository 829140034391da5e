/// Builds Swift source text with indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
            return
        }
        text += String(repeating: "    ", count: depth)
        text += content
        text += "\n"
    }

    mutating func doc(_ lines: [String]) {
        for line in lines { self.line(line.isEmpty ? "///" : "/// " + line) }
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

    /// Writes `lines`, indenting after lines that end with `{` and before lines that start with `}`.
    mutating func block(_ lines: [String]) {
        for content in lines {
            if content.hasPrefix("}") || content.hasPrefix(")") { depth -= 1 }
            line(content)
            if content.hasSuffix("{") || content.hasSuffix("(") { depth += 1 }
        }
    }
}
