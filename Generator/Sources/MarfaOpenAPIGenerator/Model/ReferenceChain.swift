import MarfaYAML

/// Where an object that is only a `$ref` into another file ends up, `$ref` after `$ref`: the object
/// a component such as `Pet: {$ref: schemas/pet.yaml}` stands for. A `$ref` elsewhere to that same
/// object then means the component, so it gets the component's name.
enum ReferenceChain {
    /// The key (`file#pointer`) and node the chain from `node` ends at, or nil when `node` is not a
    /// reference, its first `$ref` stays in the root file, the chain ends in the root file, loops, or
    /// cannot be followed (the reader reports that where it follows the chain itself).
    /// `reference` answers the `$ref` value of a node that counts as a reference, else nil.
    static func end(of node: Node, in documents: DocumentSet, reference: (Node) -> Node?) -> (key: String, node: Node)?
    {
        var current = node
        var seen: Set<String> = []
        var end: (key: String, node: Node)?
        while let value = reference(current), let text = value.string {
            guard let target = try? documents.resolve(ref: text, from: value.location) else { return nil }
            if end == nil && target.file == documents.rootFile { return nil }
            let key = "\(target.file)#\(target.pointer)"
            guard seen.insert(key).inserted else { return nil }
            end = (key, target.node)
            current = target.node
        }
        guard let end, !end.key.hasPrefix(documents.rootFile + "#") else { return nil }
        return end
    }

    /// A schema counts as a reference when `$ref` is all it says.
    static func schemaReference(_ node: Node) -> Node? {
        guard let entries = node.entries, entries.count == 1, entries[0].key == "$ref" else { return nil }
        return entries[0].value
    }

    /// Any other object counts as a reference when it has a `$ref` (siblings are ignored).
    static func objectReference(_ node: Node) -> Node? {
        node["$ref"]
    }
}
