import MarfaYAML

/// `$dynamicRef` (2020-12, OpenAPI 3.1) and `$recursiveRef` (2019-09).
///
/// A dynamic reference first resolves as a `$ref` would: to the schema around it that declares the
/// anchor (`$dynamicAnchor: name`, or `$recursiveAnchor: true`), else to the file's schema that does.
/// When that schema declares the anchor, JSON Schema resolves the reference to the outermost schema
/// of the dynamic scope declaring it too; `TypeBuilder` does so with the schemas a generated type is
/// made of (see `TypeBuilder.dynamicTarget`). Each file is one schema resource: `$id` does not start a
/// new one.
extension SchemaReader {
    /// Reads a `$dynamicRef` (`recursive` false) or `$recursiveRef` into `schema`'s reference.
    func dynamicReference(_ value: Node, recursive: Bool, into schema: JSONSchema) {
        let keyword = recursive ? "$recursiveRef" : "$dynamicRef"
        guard let text = value.string else {
            log.error("'\(keyword)' must be text.", at: value.location)
            return
        }
        let hash = text.firstIndex(of: "#") ?? text.endIndex
        let fragment = hash < text.endIndex ? String(text[text.index(after: hash)...]) : ""
        if !recursive && (fragment.isEmpty || fragment.hasPrefix("/")) {
            // A JSON pointer names one schema: the reference is a `$ref`.
            schema.reference = reference(value)
            return
        }
        if recursive && text != "#" {
            log.warning(
                "'$recursiveRef' is read as '#' (the schema with '$recursiveAnchor: true' around it); '\(text)' is not followed.",
                at: value.location)
        }
        let anchor = recursive ? "" : fragment
        let path = String(text[..<hash])
        let root: (node: Node, file: String, pointer: String)
        do {
            root = try documents.resolve(ref: path + "#", from: value.location)
        } catch {
            log.error(error)
            return
        }
        let index = anchorIndex(root.node, file: root.file)[anchor] ?? []
        guard let target = staticTarget(anchor: anchor, recursive: recursive, index: index, sameFile: path.isEmpty)
        else {
            let what = recursive ? "'$recursiveAnchor: true'" : "'$dynamicAnchor: \(anchor)'"
            log.error("This '\(keyword)' finds no schema with \(what).", at: value.location)
            return
        }
        schema.reference = SchemaReference(key: target.key, location: value.location)
        if declaresDynamicAnchor(anchor, target.node) {
            schema.dynamicReference = DynamicReference(anchor: anchor, location: value.location)
        }
    }

    /// Whether `node` declares the dynamic anchor (`""`: `$recursiveAnchor: true`).
    func declaresDynamicAnchor(_ anchor: String, _ node: Node) -> Bool {
        anchor.isEmpty ? node["$recursiveAnchor"]?.bool == true : node["$dynamicAnchor"]?.string == anchor
    }

    /// The dynamic anchors `node` declares.
    func dynamicAnchors(of node: Node) -> Set<String> {
        var anchors: Set<String> = []
        if let name = node["$dynamicAnchor"]?.string { anchors.insert(name) }
        if node["$recursiveAnchor"]?.bool == true { anchors.insert("") }
        return anchors
    }

    /// Where the reference goes before any dynamic scope: the innermost schema around it declaring
    /// the anchor, else the file's first schema declaring it; for `$recursiveRef` without an anchor
    /// around it, the outermost schema being read (`#`, the resource's root).
    private func staticTarget(
        anchor: String, recursive: Bool, index: [(key: String, node: Node)], sameFile: Bool
    ) -> (key: String, node: Node)? {
        for node in enclosing.reversed() where sameFile && declaresDynamicAnchor(anchor, node) {
            if let found = index.first(where: { $0.node.location == node.location }) { return recorded(found) }
        }
        if let first = index.first { return recorded(first) }
        if recursive, let root = enclosing.first, let key = targetKeys[root.location] { return (key, root) }
        return nil
    }

    private func recorded(_ target: (key: String, node: Node)) -> (key: String, node: Node) {
        let pointer =
            target.key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map(
                String.init) ?? ""
        record(target.key, node: target.node, pointer: pointer)
        return (targetKeys[target.node.location] ?? target.key, target.node)
    }

    /// The schemas of `file` that declare a dynamic anchor, by anchor name, in document order.
    private func anchorIndex(_ root: Node, file: String) -> [String: [(key: String, node: Node)]] {
        if let known = dynamicAnchors[file] { return known }
        var index: [String: [(key: String, node: Node)]] = [:]
        func walk(_ node: Node, _ tokens: [String], depth: Int) {
            guard depth < 256 else { return }
            if let entries = node.entries {
                for anchor in dynamicAnchors(of: node).sorted() {
                    index[anchor, default: []].append(("\(file)#\(JSONPointer.pointer(tokens))", node))
                }
                for entry in entries { walk(entry.value, tokens + [entry.key], depth: depth + 1) }
            } else if let elements = node.elements {
                for (i, element) in elements.enumerated() { walk(element, tokens + [String(i)], depth: depth + 1) }
            }
        }
        walk(root, [], depth: 0)
        dynamicAnchors[file] = index
        return index
    }
}

extension SchemaReader {
    /// Whether the schema at `node` holds a `$dynamicRef` to `anchor` (`""`: a `$recursiveRef`).
    func holdsDynamicReference(to anchor: String, in node: Node) -> Bool {
        func search(_ node: Node, depth: Int) -> Bool {
            guard depth < 256 else { return false }
            if let entries = node.entries {
                for entry in entries {
                    if anchor.isEmpty
                        ? entry.key == "$recursiveRef"
                        : entry.key == "$dynamicRef" && entry.value.string?.hasSuffix("#" + anchor) == true
                    {
                        return true
                    }
                    if search(entry.value, depth: depth + 1) { return true }
                }
            } else if let elements = node.elements {
                return elements.contains { search($0, depth: depth + 1) }
            }
            return false
        }
        return search(node, depth: 0)
    }
}
