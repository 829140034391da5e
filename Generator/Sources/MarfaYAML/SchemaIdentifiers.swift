/// The absolute `$id`s the schemas of one file declare (JSON Schema 2020-12, which OpenAPI 3.1
/// allows), each with the plain JSON pointer of the schema that declares it: a `$ref` to such an
/// id names that schema, and is never fetched from the web.
struct SchemaIdentifiers: Sendable {
    /// Pointer by id, the id without a fragment or an empty one; the first declaration wins.
    private(set) var pointers: [String: String] = [:]
    /// Pointer by the plain name a schema declares with `$anchor` (or `$dynamicAnchor`, which is
    /// one too); the first declaration in the file wins.
    private(set) var anchors: [String: String] = [:]

    /// Every absolute `$id` in the tree under `root`.
    init(root: Node) {
        collect(root, pointer: "")
    }

    /// The ref `ref` rewritten to point into `file` at the schema whose `$id` it names, followed by
    /// its own JSON pointer fragment (`https://x/pet#/properties/name` → `file#/components/schemas/Pet/properties/name`);
    /// nil when `ref` names no id here or its fragment is no JSON pointer (an anchor).
    func localRef(for ref: String, in file: String) -> String? {
        let (base, fragment) = JSONPointer.splitAtFragment(ref)
        guard let pointer = pointers[base] else { return nil }
        guard fragment.isEmpty || fragment.hasPrefix("/") else { return anchoredRef(fragment, in: file) }
        return file + "#" + (pointer + fragment).replacing("%", with: "%25")
    }

    /// The ref to the schema of `file` that declares the anchor `name` (`#name`); nil when none does.
    func anchoredRef(_ name: String, in file: String) -> String? {
        anchors[name].map { file + "#" + $0.replacing("%", with: "%25") }
    }

    /// Whether `text` begins with a URI scheme (`https:`, `urn:`): a name, not a path.
    static func isAbsolute(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) > 1 else {
            return false
        }
        let scheme = text[..<colon]
        return scheme.first!.isASCII && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private mutating func collect(_ node: Node, pointer: String) {
        switch node.kind {
        case .mapping(let entries):
            if let id = node["$id"]?.string, Self.isAbsolute(id) {
                let base = JSONPointer.splitAtFragment(id).base
                if pointers[base] == nil { pointers[base] = pointer }
            }
            for key in ["$anchor", "$dynamicAnchor"] {
                if let name = node[key]?.string, anchors[name] == nil { anchors[name] = pointer }
            }
            for entry in entries { collect(entry.value, pointer: pointer + "/" + JSONPointer.escaped(entry.key)) }
        case .sequence(let elements):
            for (index, element) in elements.enumerated() { collect(element, pointer: pointer + "/\(index)") }
        case .scalar: break
        }
    }
}
