/// The renderer's output: lines of text, indented four spaces a level.
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
        // `*/` would end a block comment around the declaration.
        for line in lines { self.line(line.isEmpty ? "///" : "/// " + line.replacingOccurrences(of: "*/", with: "* /")) }
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
