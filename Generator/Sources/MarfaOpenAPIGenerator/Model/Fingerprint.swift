import MarfaYAML

/// A canonical text for a node that ignores what does not change a generated type (descriptions,
/// examples, `x-` extensions), so equal shapes can share one generated type.
enum Fingerprint {
    /// The fingerprint of `node`; refs are relative to its file, so the file is part of it.
    ///
    /// Written as UTF-8 bytes and made a `String` once: appending many short pieces to a `String`
    /// costs more than the walk itself.
    static func of(_ node: Node) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(contentsOf: node.location.file.utf8)
        out.append(UInt8(ascii: "|"))
        write(node, into: &out, literalKeys: false)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ node: Node, into out: inout [UInt8], literalKeys: Bool) {
        switch node.kind {
        case .scalar(let scalar):
            out.append(scalar.isPlain ? UInt8(ascii: "p") : UInt8(ascii: "q"))
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: scalar.text.utf8)
            out.append(0x01)
        case .sequence(let items):
            out.append(UInt8(ascii: "["))
            for item in items { write(item, into: &out, literalKeys: false) }
            out.append(UInt8(ascii: "]"))
        case .mapping(let entries):
            out.append(UInt8(ascii: "{"))
            for entry in entries where literalKeys || !isIgnored(entry.key) {
                out.append(contentsOf: entry.key.utf8)
                out.append(UInt8(ascii: "="))
                write(entry.value, into: &out, literalKeys: !literalKeys && isNamedMap(entry.key))
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A key that does not change a generated type: a description, an example, an `x-` extension.
    private static func isIgnored(_ key: String) -> Bool {
        switch key {
        case "description", "title", "example", "examples", "externalDocs", "$comment", "summary": true
        default: key.hasPrefix("x-")
        }
    }

    /// A key whose mapping is keyed by names from the document, never by keywords.
    private static func isNamedMap(_ key: String) -> Bool {
        switch key {
        case "properties", "mapping", "headers", "content", "$defs", "definitions", "patternProperties": true
        default: false
        }
    }
}
