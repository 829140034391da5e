import MarfaYAML

/// Property defaults: noted while properties are declared, written once every type exists (a
/// default may name types declared later, or the type being declared), so the property is not
/// optional and absent keys decode as the default.
extension TypeBuilder {
    /// The `default` of an optional property (other than `null`).
    struct PendingDefault {
        var decl: Decl
        var property: Int
        var value: Node
    }

    func deferDefault(_ value: Node, of decl: Decl, property: Int) {
        pendingDefaults.append(PendingDefault(decl: decl, property: property, value: value))
    }

    /// The default that applies to a value of `schema`: its own `default`, else the one of the schema
    /// it stands for (its `$ref` target, or its one `allOf` member), followed through such chains.
    func defaultValue(of schema: JSONSchema) -> Node? {
        defaultValue(of: schema, depth: 0)
    }

    private func defaultValue(of schema: JSONSchema, depth: Int) -> Node? {
        guard depth < 32 else { return nil }
        if let value = schema.defaultValue { return value }
        if let reference = schema.reference {
            if let known = referencedDefaults[reference.key] { return known }
            referencedDefaults[reference.key] = .some(nil)  // A loop of `$ref`s has no default.
            let value = reader.targets[reference.key].flatMap {
                defaultValue(of: reader.read($0.node), depth: depth + 1)
            }
            referencedDefaults[reference.key] = .some(value)
            return value
        }
        let members = schema.allOf.filter { !$0.isConstraintOnly }
        guard members.count == 1, schema.properties.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty else {
            return nil
        }
        return defaultValue(of: members[0], depth: depth + 1)
    }

    /// Makes each property with a `default` that fits its type non-optional with that default; one
    /// that does not fit (or that Swift cannot spell) is a warning at the value, and the property
    /// stays optional. So is one whose default, when made, would make that same default again.
    func writeDefaults(with writer: DefaultValueWriter) {
        var written = DefaultGraph()
        for pending in pendingDefaults {
            guard case .structure(var structure) = pending.decl.kind,
                structure.properties.indices.contains(pending.property)
            else { continue }
            let property = structure.properties[pending.property]
            // A property that allows `null` keeps `null` apart from the default: `Nullable<T>`.
            let type: SwiftType =
                if case .nullableOptional = property.presence { .nullable(property.type) } else { property.type }
            if let expr = writer.expression(pending.value, as: type) {
                writer.noteValuesReadFromText(in: log)
                written.add(pending, original: property, uses: writer.omitted)
                structure.properties[pending.property].presence = .defaulted(expr)
                structure.properties[pending.property].type = type
                pending.decl.kind = .structure(structure)
            } else if pending.value.isNull {
                // The document's way of saying there is no default (a parameter's is passed over as such).
                log.note(
                    "This default is null, which its schema does not allow: it is read as no default, and the property stays optional.",
                    at: pending.value.location)
            } else if let refusal = writer.refusal {
                log.warning(
                    "This default cannot be used: \(refusal.message); the property stays optional.",
                    at: refusal.location)
            }
        }
        for (pending, original) in written.endless() {
            guard case .structure(var structure) = pending.decl.kind else { continue }
            structure.properties[pending.property] = original
            pending.decl.kind = .structure(structure)
            log.warning(
                "This default cannot be used: making it would make it again without end (its type's own defaults lead back to it); the property stays optional.",
                at: pending.value.location)
        }
        pendingDefaults = []
    }
}

/// The defaults written, and which other properties' defaults making each one evaluates (the
/// members its structs leave out), to find those that would be made without end.
struct DefaultGraph {
    private var nodes: [(pending: TypeBuilder.PendingDefault, original: Decl.Property, uses: [Key])] = []
    private var indexByKey: [Key: Int] = [:]

    struct Key: Hashable {
        var type: TypeName
        var property: Int
    }

    mutating func add(
        _ pending: TypeBuilder.PendingDefault, original: Decl.Property, uses: [(type: TypeName, property: Int)]
    ) {
        indexByKey[Key(type: pending.decl.qualifiedName, property: pending.property)] = nodes.count
        nodes.append((pending, original, uses.map { Key(type: $0.type, property: $0.property) }))
    }

    /// The defaults that making leads back to themselves, with each property as it was before its default.
    func endless() -> [(TypeBuilder.PendingDefault, Decl.Property)] {
        nodes.indices.filter(reachesItself).map { (nodes[$0].pending, nodes[$0].original) }
    }

    private func reachesItself(_ start: Int) -> Bool {
        var seen: Set<Int> = []
        var stack = nodes[start].uses.compactMap { indexByKey[$0] }
        while let node = stack.popLast() {
            if node == start { return true }
            guard seen.insert(node).inserted else { continue }
            stack += nodes[node].uses.compactMap { indexByKey[$0] }
        }
        return false
    }
}
