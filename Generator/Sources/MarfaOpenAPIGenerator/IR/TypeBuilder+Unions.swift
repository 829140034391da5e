import MarfaYAML

/// `oneOf` and `anyOf`: an enum with a case per branch (a struct of optional values for `anyOf`),
/// told apart by a discriminator property when the schema names one and every branch's value of it
/// is known, else by trying the branches in order.
extension TypeBuilder {
    func union(
        _ branches: [JSONSchema], schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool, doc: [String],
        isAnyOf: Bool
    ) -> TypeUsage {
        if branches.count == 1 {
            var usage = declare(branches[0], in: scope, as: name, exactName: exactName)
            usage.nullable = usage.nullable || schema.allowsNull
            return usage
        }
        // A union of single strings is one enumeration.
        let constants = branches.compactMap { branch -> [Node]? in
            guard branch.reference == nil else { return nil }
            return branch.enumValues ?? branch.constValue.map { [$0] }
        }
        if constants.count == branches.count,
            constants.allSatisfy({
                $0.allSatisfy { $0.scalar?.isPlain == false || $0.int == nil && $0.bool == nil && !$0.isNull }
            })
        {
            return enumeration(
                constants.flatMap { $0 }, schema: schema, in: scope, as: name, exactName: exactName, doc: doc)
        }
        return shared(schema, in: scope, as: payloadName(name, exactName), exactName: exactName) { name in
            let decl = newDecl(in: scope, name, exactName: exactName, doc: doc, kind: .namespace)
            let discriminator = isAnyOf ? nil : schema.discriminator
            let values = discriminator.flatMap { discriminatorValues(branches, $0) }
            var caseNames = NameScope(reserved: ["unknown"])
            var cases: [Decl.Choice.Case] = []
            for (index, branch) in branches.enumerated() {
                cases.append(unionCase(branch, index: index, values: values?[index] ?? [], in: decl, names: &caseNames))
            }
            let discriminatorName = values == nil ? nil : discriminator?.propertyName
            decl.kind = .choice(Decl.Choice(cases: cases, discriminator: discriminatorName, isAnyOf: isAnyOf))
            return TypeUsage(swift: decl.type, shape: .object, nullable: false, decl: decl)
        }
    }

    /// A branch as a case: named after the schema it refers to, the discriminator value that
    /// selects it, or its type; its type declared in the union when it is inline.
    private func unionCase(
        _ branch: JSONSchema, index: Int, values: [String], in decl: Decl, names: inout NameScope
    ) -> Decl.Choice.Case {
        let suggested: String
        var typeName = "Case\(index + 1)"
        if let reference = branch.reference {
            suggested = Naming.memberName(refName(reference.key))
        } else if let value = values.first {
            suggested = Naming.memberName(value)
            typeName = Naming.typeName(value)
        } else if let type = branch.nonNullTypes.first, branch.properties.isEmpty, branch.enumValues == nil {
            suggested = Naming.memberName(type == "array" ? "array" : type)
        } else {
            suggested = "case\(index + 1)"
        }
        let caseName = names.claim(suggested)
        let usage = declare(branch, in: decl, as: typeName, exactName: false)
        return Decl.Choice.Case(
            name: caseName, type: usage.nullable ? .optional(usage.swift) : usage.swift, discriminatorValues: values,
            targetName: usage.swift.typeName, rfc3339: usage.rfc3339)
    }

    // MARK: Discriminator values

    /// The values of the discriminator property that select each branch, each value kept by the
    /// first branch that claims it; nil, with a warning at the branch, when a branch's values cannot
    /// be known (an inline branch whose property is not a `const` or an `enum` of text).
    func discriminatorValues(_ branches: [JSONSchema], _ discriminator: JSONSchema.Discriminator) -> [[String]]? {
        var claimed: Set<String> = []
        var result: [[String]] = []
        for branch in branches {
            guard let values = discriminatorValues(of: branch, discriminator) else {
                log.warning(
                    "This branch does not say its value of the discriminator '\(discriminator.propertyName)' (a 'const' or an 'enum' of text, or a 'mapping' to it); the branches are tried in order instead.",
                    at: branch.location)
                return nil
            }
            result.append(values.filter { claimed.insert($0).inserted })
        }
        return result
    }

    /// A `$ref` branch's values: the `mapping` entries that name its target, else the target's name.
    /// An inline branch's: `mapping` entries that point at it, else its property's `const` or `enum`,
    /// else, for `allOf` of one `$ref`, that reference's values.
    private func discriminatorValues(of branch: JSONSchema, _ discriminator: JSONSchema.Discriminator) -> [String]? {
        if let reference = branch.reference {
            let mapped = discriminator.mapping.filter { $0.ref.key == reference.key }.map(\.value)
            return mapped.isEmpty ? [Self.schemaName(ofKey: reference.key)] : mapped
        }
        let mapped = discriminator.mapping.filter { reader.targets[$0.ref.key]?.node.location == branch.location }.map(
            \.value)
        if !mapped.isEmpty { return mapped }
        if let values = propertyValues(discriminator.propertyName, in: branch, depth: 0) { return values }
        // `allOf: [$ref]` alone stands for the schema it refers to.
        if branch.allOf.count == 1, branch.properties.isEmpty, branch.allOf[0].reference != nil {
            return discriminatorValues(of: branch.allOf[0], discriminator)
        }
        return nil
    }

    /// The text values a schema allows for `property`, from the property's `const` or `enum`, looked
    /// for in the schema's own properties, then its `allOf` members (through `$ref`s).
    private func propertyValues(_ property: String, in schema: JSONSchema, depth: Int) -> [String]? {
        guard depth < 16 else { return nil }
        if let reference = schema.reference {
            return reader.targets[reference.key].flatMap {
                propertyValues(property, in: reader.read($0.node), depth: depth + 1)
            }
        }
        if let found = schema.properties.first(where: { $0.name == property }),
            let values = textValues(found.schema, depth: depth)
        {
            return values
        }
        for member in schema.allOf {
            if let values = propertyValues(property, in: member, depth: depth + 1) { return values }
        }
        return nil
    }

    /// A `const` or `enum` of text, following `$ref`s and single-member `allOf`s.
    private func textValues(_ schema: JSONSchema, depth: Int) -> [String]? {
        guard depth < 16 else { return nil }
        if let reference = schema.reference {
            return reader.targets[reference.key].flatMap { textValues(reader.read($0.node), depth: depth + 1) }
        }
        if schema.allOf.count == 1 { return textValues(schema.allOf[0], depth: depth + 1) }
        let nodes =
            schema.constValue.map { [$0] } ?? schema.enumValues?.filter { !($0.isNull && $0.scalar?.isPlain == true) }
            ?? []
        let texts = nodes.compactMap { node -> String? in
            guard let scalar = node.scalar, !node.isNull else { return nil }
            return scalar.isResolvable && (node.double != nil || node.bool != nil) ? nil : scalar.text
        }
        return texts.isEmpty || texts.count != nodes.count ? nil : texts
    }

    /// A schema's name, the discriminator value that selects it when no `mapping` names it: the last
    /// component of the `$ref`'s pointer, or the file's name without its extension for a whole file.
    static func schemaName(ofKey key: String) -> String {
        let hash = key.firstIndex(of: "#") ?? key.endIndex
        let pointer = hash < key.endIndex ? String(key[key.index(after: hash)...]) : ""
        if let last = JSONPointer.tokens(of: pointer)?.last, !last.isEmpty { return last }
        let file = key[..<hash]
        let base = file.split(separator: "/").last.map(String.init) ?? String(file)
        guard let dot = base.lastIndex(of: "."), dot > base.startIndex else { return base }
        return String(base[..<dot])
    }
}
