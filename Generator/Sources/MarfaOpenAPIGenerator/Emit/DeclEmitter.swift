/// Turns the declarations the builders made (structs, enums, aliases, namespaces) into the Swift
/// representation: members, initializers and coding plans.
enum DeclEmitter {
    static let modelConformances: [SwiftType] = [.swift("Codable"), .swift("Hashable"), .swift("Sendable")]

    static func emit(_ decl: Decl) -> SwiftDecl {
        switch decl.kind {
        case .alias(let target):
            return .alias(SwiftAlias(name: decl.name, doc: decl.doc, type: target))
        case .namespace:
            return .type(.namespace(decl.name, doc: decl.doc, members: decl.children.map(emit)))
        case .declared(var type):
            type.members += decl.children.map(emit)
            return .type(type)
        case .rawEnum(let raw):
            return rawEnum(decl, raw)
        case .structure(let structure):
            return self.structure(decl, structure)
        case .choice(let choice):
            return choice.isAnyOf ? anyOf(decl, choice) : oneOf(decl, choice)
        }
    }

    // MARK: Structs

    private static func structure(_ decl: Decl, _ s: Decl.Structure) -> SwiftDecl {
        var members: [SwiftDecl] = s.properties.map { p in
            .property(
                SwiftProperty(
                    name: p.swiftName, doc: p.doc, attributes: p.deprecated ? [.deprecated] : [], type: p.declaredType,
                    body: body(of: p)))
        }
        if let additional = s.additional {
            members.append(
                .property(
                    SwiftProperty(
                        name: "additionalProperties", doc: ["Members the schema does not name."],
                        type: .stringDictionary(additional))))
        }
        members.append(.function(memberwiseInitializer(s)))
        let coded = s.properties.map(codedProperty)
        if s.composed {
            members.append(.coding(.composed(coded)))
        } else {
            members.append(
                .coding(
                    .keyed(
                        KeyedCoding(
                            properties: coded, additional: s.additional, additionalRFC3339: s.additionalRFC3339,
                            closed: s.closed))))
        }
        members += decl.children.map(emit)
        return .type(
            SwiftTypeDecl(
                kind: .struct, name: TypeName(decl.name), doc: decl.doc, conformances: modelConformances,
                members: members))
    }

    /// A boxed property is stored in a `Box`, a deprecated one behind a getter and a setter (so the
    /// generated initializer and coding, which use the storage, raise no deprecation warning).
    private static func body(of p: Decl.Property) -> SwiftProperty.Body {
        if p.boxed { return .boxed(storage: storageName(p), compact: false) }
        return p.deprecated ? .forwarded(storage: storageName(p), exposed: false) : .stored(nil)
    }

    /// A boxed or deprecated property's storage: `_name` (`__public` for `_public`, the escape of
    /// `public`, so the storage of one property is never the name of another).
    private static func storageName(_ p: Decl.Property) -> String {
        p.boxed || p.deprecated ? "_" + p.swiftName.trimmingCharacters(in: "`") : p.swiftName
    }

    private static func codedProperty(_ p: Decl.Property) -> CodedProperty {
        let presence: CodedProperty.Presence
        switch p.presence {
        case .required: presence = .required
        case .requiredNullable: presence = .requiredNullable
        case .optional: presence = .optional
        case .nullableOptional: presence = .nullableOptional
        case .defaulted(let value): presence = .defaulted(value)
        }
        return CodedProperty(
            name: p.swiftName, storage: storageName(p), key: p.jsonName, type: p.type, presence: presence,
            boxed: p.boxed, rfc3339: p.rfc3339)
    }

    private static func memberwiseInitializer(_ s: Decl.Structure) -> SwiftFunction {
        var parameters: [SwiftParameter] = []
        var body: [SwiftStatement] = []
        for p in s.properties {
            let defaultValue: SwiftExpr?
            switch p.presence {
            case .required, .requiredNullable: defaultValue = nil
            case .defaulted(let value): defaultValue = value
            case .optional, .nullableOptional: defaultValue = .literal(.nil)
            }
            parameters.append(SwiftParameter(p.swiftName, p.declaredType, default: defaultValue))
            let value: SwiftExpr
            if !p.boxed {
                value = .name(p.swiftName)
            } else if p.declaredType.isOptional {
                value = .trailingClosure(
                    .member(.name(p.swiftName), "map"), [], SwiftClosure(body: [.expression(boxing(.name("$0")))]))
            } else {
                value = boxing(.name(p.swiftName))
            }
            body.append(.assign(.member(.name("self"), storageName(p)), value))
        }
        if let additional = s.additional {
            parameters.append(
                SwiftParameter("additionalProperties", .stringDictionary(additional), default: .dictionary([])))
            body.append(.assign(.member(.name("self"), "additionalProperties"), .name("additionalProperties")))
        }
        return SwiftFunction(kind: .initializer, parameters: parameters, body: body)
    }

    private static func boxing(_ value: SwiftExpr) -> SwiftExpr {
        .call(.type(.runtime("Box")), [SwiftArgument(value)])
    }

    // MARK: Enums

    private static func rawEnum(_ decl: Decl, _ raw: Decl.RawEnum) -> SwiftDecl {
        var members: [SwiftDecl] = raw.cases.map { .enumCase(SwiftEnumCase(name: $0.name)) }
        members.append(
            .enumCase(
                SwiftEnumCase(
                    name: "unknown", doc: ["A value this build does not know, kept as it was received."],
                    associatedValues: [(nil, raw.rawType)])))
        members.append(
            .coding(.rawValues(RawValueCoding(rawType: raw.rawType, cases: raw.cases.map { ($0.name, $0.literal) }))))
        let conformances: [SwiftType] = [.swift("RawRepresentable")] + modelConformances + [.swift("CaseIterable")]
        return .type(
            SwiftTypeDecl(
                kind: .enum(indirect: false), name: TypeName(decl.name), doc: decl.doc, conformances: conformances,
                members: members))
    }

    private static func oneOf(_ decl: Decl, _ choice: Decl.Choice) -> SwiftDecl {
        var members: [SwiftDecl] = choice.cases.map {
            .enumCase(SwiftEnumCase(name: $0.name, associatedValues: [(nil, $0.type)]))
        }
        if let discriminator = choice.discriminator {
            members.append(
                .enumCase(
                    SwiftEnumCase(
                        name: "unknown",
                        doc: ["A value whose `\(discriminator)` this build does not know, kept as it was received."],
                        associatedValues: [(nil, .objectContainer)])))
            members.append(
                .coding(
                    .discriminated(
                        DiscriminatedCoding(
                            propertyName: discriminator,
                            cases: choice.cases.map { ($0.name, $0.discriminatorValues, $0.rfc3339) }))))
        } else {
            let branches = choice.cases.map { ($0.name, $0.type, $0.type != decl.type, $0.rfc3339) }
            members.append(.coding(.firstDecodable(UnionCoding(typeName: decl.name, branches: branches))))
        }
        members += decl.children.map(emit)
        return .type(
            SwiftTypeDecl(
                kind: .enum(indirect: choice.indirect), name: TypeName(decl.name), doc: decl.doc,
                conformances: modelConformances, members: members))
    }

    private static func anyOf(_ decl: Decl, _ choice: Decl.Choice) -> SwiftDecl {
        let values = choice.cases.enumerated().map { index, c in
            (name: "value\(index + 1)", type: c.type.unwrapped, of: c.name, rfc3339: c.rfc3339)
        }
        var members: [SwiftDecl] = values.map { value in
            .property(
                SwiftProperty(
                    name: value.name, doc: ["The value read as `\(value.of)`, when it is one."],
                    type: .optional(value.type),
                    body: choice.indirect ? .boxed(storage: "_" + value.name, compact: true) : .stored(nil)))
        }
        members.append(
            .function(
                SwiftFunction(
                    kind: .initializer,
                    parameters: values.map { SwiftParameter($0.name, .optional($0.type), default: .literal(.nil)) },
                    body: values.map { .assign(.member(.name("self"), $0.name), .name($0.name)) })))
        members.append(
            .coding(
                .everyDecodable(
                    UnionCoding(
                        typeName: decl.name,
                        branches: values.map { ($0.name, $0.type, $0.type != decl.type, $0.rfc3339) }))))
        members += decl.children.map(emit)
        return .type(
            SwiftTypeDecl(
                kind: .struct, name: TypeName(decl.name), doc: decl.doc, conformances: modelConformances,
                members: members))
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
