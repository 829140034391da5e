import MarfaYAML

/// A canonical text for a node that ignores what does not change a generated type (descriptions,
/// examples, `x-` extensions), so equal shapes can share one generated type.
enum Fingerprint {
    static let ignored: Set<String> = ["description", "title", "example", "examples", "externalDocs", "$comment", "summary"]

    /// The fingerprint of `node`; refs are relative to its file, so the file is part of it.
    static func of(_ node: Node) -> String {
        var out = node.location.file + "|"
        write(node, into: &out, literalKeys: false)
        return out
    }

    /// Mappings under these keys are keyed by names from the document, never by keywords.
    static let namedMaps: Set<String> = ["properties", "mapping", "headers", "content", "$defs", "definitions", "patternProperties"]

    private static func write(_ node: Node, into out: inout String, literalKeys: Bool) {
        switch node.kind {
        case .scalar(let scalar):
            out += scalar.isPlain ? "p:" : "q:"
            out += scalar.text
            out += "\u{1}"
        case .sequence(let items):
            out += "["
            for item in items { write(item, into: &out, literalKeys: false) }
            out += "]"
        case .mapping(let entries):
            out += "{"
            for entry in entries where literalKeys || (!ignored.contains(entry.key) && !entry.key.hasPrefix("x-")) {
                out += entry.key
                out += "="
                write(entry.value, into: &out, literalKeys: !literalKeys && namedMaps.contains(entry.key))
            }
            out += "}"
        }
    }
}
