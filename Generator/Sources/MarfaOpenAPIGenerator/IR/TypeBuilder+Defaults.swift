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

    /// Makes each property with a `default` that fits its type non-optional with that default; one
    /// that does not fit (or that Swift cannot spell) is a warning at the value, and the property
    /// stays optional.
    func writeDefaults(in roots: [Decl]) {
        var declarations: [TypeName: Decl] = [:]
        func index(_ decl: Decl) {
            declarations[decl.qualifiedName] = decl
            decl.children.forEach(index)
        }
        roots.forEach(index)
        let writer = DefaultValueWriter(declarations: declarations)
        for pending in pendingDefaults {
            guard case .structure(var structure) = pending.decl.kind, structure.properties.indices.contains(pending.property) else { continue }
            let property = structure.properties[pending.property]
            // A property that allows `null` keeps `null` apart from the default: `Nullable<T>`.
            let type: SwiftType = if case .nullableOptional = property.presence { .nullable(property.type) } else { property.type }
            if let expr = writer.expression(pending.value, as: type) {
                structure.properties[pending.property].presence = .defaulted(expr)
                structure.properties[pending.property].type = type
                pending.decl.kind = .structure(structure)
            } else if let refusal = writer.refusal {
                log.warning(
                    "This default cannot be used: \(refusal.message); the property stays optional.",
                    at: refusal.location)
            }
        }
        pendingDefaults = []
    }
}
