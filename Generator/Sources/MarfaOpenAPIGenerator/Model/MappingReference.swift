import MarfaYAML

extension SchemaReader {
    /// The entries of a mapping of named objects where OpenAPI allows no `$ref` (a schema's
    /// `properties`, a `components` section, `paths`, `responses`, `content`, `headers`). A `$ref`
    /// entry whose value is text stands there, as bundlers read it, for the entries of the mapping it
    /// names, which the mapping's own entries override; a warning at the `$ref` says so. Nil when
    /// `node` is not a mapping.
    func namedEntries(_ node: Node, of what: String) -> [Node.Entry]? {
        namedEntries(node, of: what, depth: 0)
    }

    private func namedEntries(_ node: Node, of what: String, depth: Int) -> [Node.Entry]? {
        guard let entries = node.entries else { return nil }
        guard let reference = entries.first(where: { $0.key == "$ref" }), let text = reference.value.string else {
            return entries
        }
        let own = entries.filter { $0.key != "$ref" }
        guard depth < 32 else {
            log.error("'$ref' chain too long (a loop?).", at: reference.keyLocation)
            return own
        }
        let target: Node
        do {
            target = try documents.resolve(ref: text, from: reference.value.location).node
        } catch {
            log.error(error)
            return own
        }
        guard let named = namedEntries(target, of: what, depth: depth + 1) else {
            log.error(
                "'\(what)' is a $ref to \(target.kindDescription); it must name a mapping.",
                at: reference.value.location)
            return own
        }
        log.warning(
            "'\(what)' is a $ref, which OpenAPI does not allow here; it is read as the mapping it names, as bundlers do.",
            at: reference.keyLocation)
        let ownKeys = Set(own.map(\.key))
        return named.filter { !ownKeys.contains($0.key) } + own
    }
}
