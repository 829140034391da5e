import MarfaYAML

/// The Swift type that stands for a schema where it is used.
struct TypeUsage {
    var swift: SwiftType
    var shape: Shape
    /// The schema allows `null`.
    var nullable: Bool
    /// The declaration the type is, when it is one (not a list or a map of one).
    var decl: Decl?
    /// The type holds a `Foundation.Date` its own `Codable` conformance would code by the coder's date
    /// strategy (a date-time, or a list, map or alias of them), so generated code codes it through
    /// `RFC3339Coding` instead. Declared structs and enums code their own dates and are not counted.
    var rfc3339 = false

    enum Shape { case primitive, array, object }

    static var freeForm: TypeUsage { TypeUsage(swift: .openAPIValue, shape: .object, nullable: false, decl: nil) }
}

/// Turns schemas into Swift types: names primitives, lists and maps, and declares a struct or enum
/// for each object, enumeration and union, nested where the schema appears.
final class TypeBuilder {
    let reader: SchemaReader
    let log: DiagnosticLog
    let schemasNamespace: Decl
    let nameOverrides: [String: String]
    /// Component and other `$ref` targets: their Swift name and, once built, their usage.
    private var refNames: [String: String] = [:]
    private var refUsages: [String: TypeUsage] = [:]
    private var building: Set<String> = []
    /// The type each component `typealias` names, by the alias's name.
    private var componentAliases: [TypeName: SwiftType] = [:]
    private var pending: [String] = []
    /// Inline declarations by fingerprint, so equal shapes share one type.
    private var sharedInline: [String: TypeUsage] = [:]
    /// Types declared where an inline schema is written, by that place: a `$ref` to it from elsewhere
    /// (another operation's body, a component response's) is an alias of it, not a second type.
    private var inlineOwners: [SourceLocation: TypeUsage] = [:]
    /// Types declared for `$ref` targets that are no component schema, by where the target is
    /// written: the place that writes it inline, reached later, aliases it.
    private var referencedPlaces: [SourceLocation: TypeUsage] = [:]
    /// Inline places being declared where a `$ref` first reached them, so a reference back into one
    /// is not declared again inside it.
    private var placing: Set<SourceLocation> = []
    /// Loops of `$ref`-only schemas already reported, by the place they close.
    private var loopsReported: Set<SourceLocation> = []
    /// Property defaults, written once every type is declared (`writeDefaults(with:)`).
    var pendingDefaults: [PendingDefault] = []
    /// The dynamic scope `$dynamicRef`s resolve in: the component being declared.
    private var dynamicScope: [String] = []
    /// `$ref`s already noted for resolving a dynamic reference otherwise than JSON Schema would.
    private var dynamicNotes: Set<SourceLocation> = []
    /// The default each `$ref` target applies (`defaultValue(of:)`), by key; nil inside when it has none.
    var referencedDefaults: [String: Node?] = [:]

    init(reader: SchemaReader, log: DiagnosticLog, schemasNamespace: Decl, nameOverrides: [String: String]) {
        self.reader = reader
        self.log = log
        self.schemasNamespace = schemasNamespace
        self.nameOverrides = nameOverrides
    }

    /// Registers the `components/schemas` names before anything refers to them.
    func registerComponents(_ components: [(name: String, key: String)]) {
        for (name, key) in components where refNames[key] == nil {
            let swiftName = schemasNamespace.childNames.claim(nameOverrides[name] ?? Naming.typeName(name))
            refNames[key] = swiftName
            pending.append(key)
        }
    }

    /// Builds every registered and discovered `$ref` target.
    func buildPending() {
        while !pending.isEmpty {
            let key = pending.removeFirst()
            _ = referenced(key)
        }
    }

    // MARK: References

    private func referenced(_ key: String) -> TypeUsage {
        if let usage = refUsages[key] { return usage }
        let name = refName(key)
        let qualified = schemasNamespace.qualifiedName.nested(name)
        guard let target = reader.targets[key] else {
            return TypeUsage(swift: .named(qualified), shape: .object, nullable: false, decl: nil)
        }
        if building.contains(key) {
            // A cycle through references: name the type now; its declaration is being built.
            return TypeUsage(swift: .named(qualified), shape: .object, nullable: false, decl: nil)
        }
        building.insert(key)
        let outerScope = dynamicScope
        dynamicScope = [key]
        defer {
            building.remove(key)
            dynamicScope = outerScope
        }
        let schema = reader.read(target.node)
        if schema.reference != nil, let loop = referenceLoop(from: key) {
            if loopsReported.insert(loop).inserted {
                log.error("This '$ref' leads back to itself without reaching a schema.", at: loop)
            }
            refUsages[key] = .freeForm
            return .freeForm
        }
        let built = declare(schema, in: schemasNamespace, as: name, exactName: true)
        let usage: TypeUsage
        if built.decl?.qualifiedName == qualified {
            usage = TypeUsage(
                swift: .named(qualified), shape: built.shape, nullable: built.nullable, decl: built.decl,
                rfc3339: built.rfc3339)
        } else if aliasLeadsBack(built.swift, to: qualified) {
            usage = selfHolding(built, as: name, qualified, doc: Doc.lines(schema.description, schema.title))
        } else {
            let alias = Decl(
                name: name, qualifiedName: qualified, doc: Doc.lines(schema.description, schema.title),
                kind: .alias(built.swift))
            schemasNamespace.children.append(alias)
            componentAliases[qualified] = built.swift
            usage = TypeUsage(
                swift: .named(qualified), shape: built.shape, nullable: built.nullable, decl: built.decl,
                rfc3339: built.rfc3339)
        }
        refUsages[key] = usage
        referencedPlaces[target.node.location] = usage
        return usage
    }

    /// Whether `type` names `name`, itself or through the component aliases it names (`A = [B]`,
    /// `B = [A]`): a `typealias` of it would be circular.
    private func aliasLeadsBack(_ type: SwiftType, to name: TypeName) -> Bool {
        var seen: Set<TypeName> = []
        var pending = type.names
        while let next = pending.popLast() {
            if next == name { return true }
            guard seen.insert(next).inserted, let target = componentAliases[next] else { continue }
            pending += target.names
        }
        return false
    }

    /// A schema that is a list or map of itself (`A: {type: array, items: {$ref: A}}`), which no
    /// `typealias` can name: a one-case union holding the list, coded as the list.
    private func selfHolding(_ built: TypeUsage, as name: String, _ qualified: TypeName, doc: [String]) -> TypeUsage {
        let only = Decl.Choice.Case(
            name: "value", type: built.swift, discriminatorValues: [], targetName: nil, rfc3339: built.rfc3339)
        let decl = Decl(name: name, qualifiedName: qualified, doc: doc, kind: .choice(Decl.Choice(cases: [only])))
        schemasNamespace.children.append(decl)
        return TypeUsage(swift: .named(qualified), shape: .object, nullable: false, decl: decl)
    }

    /// Where a chain of schemas that are only `$ref`s, starting at `key`, comes back to a schema of
    /// the chain (`A: {$ref: B}`, `B: {$ref: A}`); nil when it reaches a schema with content. Only
    /// asked for a schema that is a `$ref`: one with content starts no chain.
    private func referenceLoop(from key: String) -> SourceLocation? {
        var seen: Set<String> = []
        var current = key
        while seen.insert(current).inserted {
            guard let node = reader.targets[current]?.node, let next = reader.read(node).reference else { return nil }
            if seen.contains(next.key) { return loopStart(next.key) }
            current = next.key
        }
        return nil
    }

    /// The first-placed `$ref` of the loop through `key`, so each loop is reported once.
    private func loopStart(_ key: String) -> SourceLocation? {
        var locations: [SourceLocation] = []
        var current = key
        repeat {
            guard let node = reader.targets[current]?.node, let next = reader.read(node).reference else { break }
            locations.append(next.location)
            current = next.key
        } while current != key && locations.count < 64
        return locations.min()
    }

    // MARK: Dynamic references

    /// Where a `$dynamicRef` or `$recursiveRef` goes: the outermost schema of the dynamic scope that
    /// declares its anchor, else its static target (nil). A generated type is one Swift type wherever
    /// it is used, so the scope is the component being declared, with the members merged into it
    /// (`allOf`), and not the chain of `$ref`s that led to it.
    private func dynamicTarget(_ schema: JSONSchema) -> String? {
        guard let dynamic = schema.dynamicReference else { return nil }
        return dynamicScope.first { key in
            reader.targets[key].map { reader.declaresDynamicAnchor(dynamic.anchor, $0.node) } ?? false
        }
    }

    /// Notes a `$ref`, from a component declaring a dynamic anchor, to a schema that declares it too
    /// and resolves a dynamic reference to it: JSON Schema resolves that to the outer component here,
    /// while the generated type, one for every use, resolves it to itself.
    private func noteDynamicScope(_ reference: SchemaReference) {
        guard let outer = dynamicScope.first, outer != reference.key, let outerNode = reader.targets[outer]?.node,
            let target = reader.targets[reference.key]?.node
        else { return }
        let shared = reader.dynamicAnchors(of: outerNode).intersection(reader.dynamicAnchors(of: target))
        guard let anchor = shared.sorted().first(where: { reader.holdsDynamicReference(to: $0, in: target) }),
            dynamicNotes.insert(reference.location).inserted
        else { return }
        let name = anchor.isEmpty ? "'$recursiveAnchor'" : "'\(anchor)'"
        log.note(
            "JSON Schema resolves the dynamic reference to \(name) inside this schema to the enclosing '\(refName(outer))'; the generated '\(refName(reference.key))' is one type for every use and resolves it to itself.",
            at: reference.location)
    }

    func refName(_ key: String) -> String {
        if let name = refNames[key] { return name }
        let pointer = key.split(separator: "#", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let tokens = JSONPointer.tokens(of: pointer) ?? []
        var base = tokens.last ?? ""
        if base.isEmpty || tokens.isEmpty {
            let file = key.split(separator: "#").first.map(String.init) ?? "Schema"
            base =
                String(file.split(separator: "/").last ?? "Schema").split(separator: ".").first.map(String.init)
                ?? "Schema"
        }
        let name = schemasNamespace.childNames.claim(Naming.typeName(base))
        refNames[key] = name
        pending.append(key)
        return name
    }

    // MARK: Usages

    /// The type for `schema` used in `scope`; declarations it needs are nested in `scope` as `name`.
    func usage(_ schema: JSONSchema, in scope: Decl, as name: String) -> TypeUsage {
        declare(schema, in: scope, as: name, exactName: false)
    }

    func declare(_ schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool) -> TypeUsage {
        if let reference = schema.reference {
            if schema.dynamicReference == nil,
                var usage = ownedInline(reference.key).map({ aliased($0, in: scope, as: name) })
                    ?? declaredAtFirstPlace(reference.key, in: scope, as: name)
            {
                usage.nullable = usage.nullable || schema.allowsNull
                return usage
            }
            if schema.dynamicReference == nil { noteDynamicScope(reference) }
            var usage = referenced(dynamicTarget(schema) ?? reference.key)
            usage.nullable = usage.nullable || schema.allowsNull
            return usage
        }
        if schema.isFalse {
            log.warning(
                "The schema 'false' allows no value; it is generated as a free-form value.", at: schema.location)
            return .freeForm
        }
        let nullable = schema.allowsNull
        var result = shape(schema, in: scope, as: name, exactName: exactName)
        result.nullable = result.nullable || nullable
        return result
    }

    private func shape(_ schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool) -> TypeUsage {
        // Made only where a declaration takes it, not for every primitive.
        var doc: [String] { Doc.lines(schema.description, schema.title) }
        let oneOf = schema.oneOf.filter { !$0.isNullOnly && !$0.isConstraintOnly }
        let anyOf = schema.anyOf.filter { !$0.isNullOnly && !$0.isConstraintOnly }
        let hasObjectShape =
            !schema.properties.isEmpty || { if case .schema = schema.additionalProperties { true } else { false } }()

        if !schema.allOf.isEmpty {
            return allOf(schema, in: scope, as: name, exactName: exactName, doc: doc)
        }
        if !oneOf.isEmpty && !hasObjectShape {
            return union(oneOf, schema: schema, in: scope, as: name, exactName: exactName, doc: doc, isAnyOf: false)
        }
        if !anyOf.isEmpty && !hasObjectShape {
            return union(anyOf, schema: schema, in: scope, as: name, exactName: exactName, doc: doc, isAnyOf: true)
        }
        if (!oneOf.isEmpty || !anyOf.isEmpty) && hasObjectShape {
            return allOf(
                propertiesBesideUnions(schema, oneOf: oneOf, anyOf: anyOf), in: scope, as: name, exactName: exactName,
                doc: doc)
        }
        if let values = schema.enumValues ?? schema.constValue.map({ [$0] }) {
            return enumeration(values, schema: schema, in: scope, as: name, exactName: exactName, doc: doc)
        }
        let types = schema.nonNullTypes
        if types.count > 1 {
            let branches = types.map { type -> JSONSchema in
                let branch = JSONSchema(location: schema.location, fingerprint: type)
                branch.types = [type]
                branch.format = schema.format
                branch.items = schema.items
                branch.properties = schema.properties
                branch.required = schema.required
                branch.additionalProperties = schema.additionalProperties
                return branch
            }
            return union(branches, schema: schema, in: scope, as: name, exactName: exactName, doc: doc, isAnyOf: false)
        }
        switch types.first {
        case "string":
            var usage = primitive(string(schema))
            usage.rfc3339 = schema.format == "date-time"
            return usage
        case "integer":
            switch schema.format {
            case "int32": return primitive(.swift("Int32"))
            case "int64": return primitive(.swift("Int64"))
            default: return primitive(.int)
            }
        case "number": return primitive(schema.format == "float" ? .swift("Float") : .double)
        case "boolean": return primitive(.bool)
        case "array": return array(schema, in: scope, as: name)
        case "object": return object(schema, in: scope, as: name, exactName: exactName, doc: doc)
        case nil:
            if hasObjectShape || !schema.required.isEmpty && !schema.properties.isEmpty {
                return object(schema, in: scope, as: name, exactName: exactName, doc: doc)
            }
            if schema.items != nil { return array(schema, in: scope, as: name) }
            if case .allowed(false) = schema.additionalProperties {
                return object(schema, in: scope, as: name, exactName: exactName, doc: doc)
            }
            return .freeForm
        default:
            return .freeForm
        }
    }

    private func primitive(_ swift: SwiftType) -> TypeUsage {
        TypeUsage(swift: swift, shape: .primitive, nullable: false, decl: nil)
    }

    private func string(_ schema: JSONSchema) -> SwiftType {
        switch schema.format {
        case "date-time": .foundation("Date")
        case "date": .runtime("CalendarDate")
        case "byte": .runtime("Base64EncodedData")
        case "binary": .foundation("Data")
        default: .string
        }
    }

    private func array(_ schema: JSONSchema, in scope: Decl, as name: String) -> TypeUsage {
        guard let items = schema.items else {
            return TypeUsage(swift: .array(.openAPIValue), shape: .array, nullable: false, decl: nil)
        }
        let element = declare(items, in: scope, as: name + "Item", exactName: false)
        let elementType = element.nullable ? SwiftType.optional(element.swift) : element.swift
        return TypeUsage(
            swift: .array(elementType), shape: .array, nullable: false, decl: nil, rfc3339: element.rfc3339)
    }

    // MARK: Shared inline declarations

    /// Answers an existing declaration of the same shape, or makes one with `make`.
    func shared(
        _ schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool, make: (String) -> TypeUsage
    ) -> TypeUsage {
        if !exactName, let existing = referencedPlaces[schema.location] ?? sharedInline[schema.fingerprint] {
            let usage = aliased(existing, in: scope, as: name)
            inlineOwners[schema.location] = inlineOwners[schema.location] ?? usage
            return usage
        }
        let usage = make(name)
        if !exactName {
            sharedInline[schema.fingerprint] = usage
            inlineOwners[schema.location] = usage
        }
        return usage
    }

    /// `typealias name = <existing>` in `scope`, and the usage through it.
    private func aliased(_ existing: TypeUsage, in scope: Decl, as name: String) -> TypeUsage {
        let alias = scope.nest(name, kind: .alias(existing.swift))
        return TypeUsage(
            swift: alias.type, shape: existing.shape, nullable: existing.nullable, decl: existing.decl,
            rfc3339: existing.rfc3339)
    }

    /// A `$ref` into a place that writes its schema inline (an operation's body, a component
    /// response's) reached before that place is: the type is declared here, at the first place in
    /// document order that reaches it, and the place that writes it aliases it when reached.
    private func declaredAtFirstPlace(_ key: String, in scope: Decl, as name: String) -> TypeUsage? {
        guard refUsages[key] == nil, refNames[key] == nil, Self.isInlinePlace(key),
            let node = reader.targets[key]?.node, placing.insert(node.location).inserted
        else { return nil }
        defer { placing.remove(node.location) }
        let usage = declare(reader.read(node), in: scope, as: name, exactName: false)
        if usage.decl != nil { referencedPlaces[node.location] = usage }
        return usage
    }

    /// Whether `key` points into a place that writes a schema inline (`paths`, `webhooks`, or a
    /// component response, request body, parameter, header or path item), not a component schema.
    static func isInlinePlace(_ key: String) -> Bool {
        let pointer = key.split(separator: "#", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let tokens = JSONPointer.tokens(of: pointer) ?? []
        guard let first = tokens.first else { return false }
        if first == "paths" || first == "webhooks" { return true }
        return first == "components" && tokens.count > 2
            && ["responses", "requestBodies", "parameters", "headers", "pathItems"].contains(tokens[1])
    }

    /// The type already declared where the `$ref` target `key` is written inline (an operation's or a
    /// component response's schema), so the reference names it rather than declaring it again.
    private func ownedInline(_ key: String) -> TypeUsage? {
        guard refUsages[key] == nil, let node = reader.targets[key]?.node else { return nil }
        return inlineOwners[node.location]
    }

    /// A nested type's name: `Type_` becomes `TypePayload`; an exact component name stays as it is.
    func payloadName(_ name: String, _ exactName: Bool) -> String {
        if exactName || name.hasSuffix("Payload") { return name }
        var base = name
        while base.hasSuffix("_") { base.removeLast() }
        return base + "Payload"
    }

    func newDecl(in scope: Decl, _ name: String, exactName: Bool, doc: [String], kind: Decl.Kind) -> Decl {
        if exactName {
            let decl = Decl(name: name, qualifiedName: scope.qualifiedName.nested(name), doc: doc, kind: kind)
            scope.children.append(decl)
            return decl
        }
        return scope.nest(name, doc: doc, kind: kind)
    }

    // MARK: Objects

    private func object(
        _ schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool, doc: [String]
    ) -> TypeUsage {
        if schema.properties.isEmpty {
            switch schema.additionalProperties {
            case .unspecified, .allowed(true):
                return TypeUsage(swift: .objectContainer, shape: .object, nullable: false, decl: nil)
            default: break
            }
        }
        return shared(schema, in: scope, as: payloadName(name, exactName), exactName: exactName) { name in
            let decl = newDecl(in: scope, name, exactName: exactName, doc: doc, kind: .namespace)
            decl.kind = .structure(
                structure(
                    properties: schema.properties, required: Set(schema.required),
                    additional: schema.additionalProperties, in: decl))
            return TypeUsage(swift: decl.type, shape: .object, nullable: false, decl: decl)
        }
    }

    private func structure(
        properties: [JSONSchema.Property], required: Set<String>, additional: JSONSchema.AdditionalProperties,
        in decl: Decl
    ) -> Decl.Structure {
        var names = NameScope(reserved: ["additionalProperties"])
        var members: [Decl.Property] = []
        for property in properties {
            let swiftName = names.claim(
                nameOverrides["\(decl.name).\(property.name)"] ?? Naming.memberName(property.name))
            let usage = declare(property.schema, in: decl, as: Naming.typeName(property.name), exactName: false)
            let isRequired = required.contains(property.name) && !property.schema.readOnly && !property.schema.writeOnly
            var presence: Decl.Property.Presence
            if isRequired {
                presence = usage.nullable ? .requiredNullable : .required
            } else if usage.nullable {
                presence = .nullableOptional
                // `default: null` is what an absent key already means.
                if let value = defaultValue(of: property.schema), !value.isNull {
                    deferDefault(value, of: decl, property: members.count)
                }
            } else {
                presence = .optional
                if let value = defaultValue(of: property.schema) {
                    deferDefault(value, of: decl, property: members.count)
                }
            }
            var doc = Doc.lines(property.schema.description, property.schema.title)
            if property.schema.readOnly { doc.append("- Note: Read-only: answers carry it; requests leave it out.") }
            if property.schema.writeOnly { doc.append("- Note: Write-only: requests carry it; answers leave it out.") }
            members.append(
                Decl.Property(
                    swiftName: swiftName, jsonName: property.name, type: usage.swift, presence: presence, doc: doc,
                    targetName: usage.swift.typeName, deprecated: property.schema.deprecated, rfc3339: usage.rfc3339))
        }
        var structure = Decl.Structure(properties: members)
        switch additional {
        case .schema(let schema):
            let usage = declare(schema, in: decl, as: "AdditionalProperties", exactName: false)
            structure.additional = usage.nullable ? .optional(usage.swift) : usage.swift
            structure.additionalRFC3339 = usage.rfc3339
        case .allowed(true):
            if !properties.isEmpty { structure.additional = .openAPIValue }
        case .allowed(false):
            structure.closed = true
        case .unspecified:
            break
        }
        return structure
    }

    // MARK: allOf

    private func allOf(
        _ schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool, doc: [String]
    ) -> TypeUsage {
        let members = schema.allOf.filter { !$0.isConstraintOnly }
        if members.count == 1 && schema.properties.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty {
            var usage = declare(members[0], in: scope, as: name, exactName: exactName)
            usage.nullable = usage.nullable || schema.allowsNull
            return usage
        }
        if let merged = mergedObject(schema, members: members) {
            return object(merged, in: scope, as: name, exactName: exactName, doc: doc)
        }
        return shared(schema, in: scope, as: payloadName(name, exactName), exactName: exactName) { name in
            let decl = newDecl(in: scope, name, exactName: exactName, doc: doc, kind: .namespace)
            var values: [Decl.Property] = []
            for (index, member) in members.enumerated() {
                let usage = declare(member, in: decl, as: "Value\(index + 1)", exactName: false)
                values.append(
                    Decl.Property(
                        swiftName: "value\(index + 1)", jsonName: "", type: usage.swift,
                        presence: usage.nullable ? .optional : .required,
                        doc: [], targetName: usage.swift.typeName, rfc3339: usage.rfc3339))
            }
            decl.kind = .structure(Decl.Structure(properties: values, composed: true))
            return TypeUsage(swift: decl.type, shape: .object, nullable: false, decl: decl)
        }
    }

    /// Whether `schema` has properties beside a union with a branch that is a `$ref` to a schema
    /// being built: a base whose subtypes name it in their `allOf`. A subtype takes the base's
    /// properties only, or decoding it would decode the base's union, and so the subtype, again.
    private func isBaseOfABuildingSchema(_ schema: JSONSchema) -> Bool {
        guard !schema.properties.isEmpty else { return false }
        return (schema.oneOf + schema.anyOf).contains { branch in
            branch.reference.map { building.contains($0.key) } ?? false
        }
    }

    /// `schema`'s properties, `required` and `additionalProperties` alone, as an object.
    private func objectPart(of schema: JSONSchema) -> JSONSchema {
        let object = JSONSchema(location: schema.location, fingerprint: schema.fingerprint + "|properties")
        object.types = ["object"]
        object.properties = schema.properties
        object.required = schema.required
        object.additionalProperties = schema.additionalProperties
        return object
    }

    /// A schema with properties beside `oneOf` or `anyOf`, read as the `allOf` of its object part
    /// and each union (the discriminator going with `oneOf`): a value holds the properties and
    /// the branch, each decoded from the whole object.
    private func propertiesBesideUnions(_ schema: JSONSchema, oneOf: [JSONSchema], anyOf: [JSONSchema]) -> JSONSchema {
        var members = [objectPart(of: schema)]
        if !oneOf.isEmpty {
            let union = JSONSchema(location: schema.location, fingerprint: schema.fingerprint + "|oneOf")
            union.oneOf = oneOf
            union.discriminator = schema.discriminator
            members.append(union)
        }
        if !anyOf.isEmpty {
            let union = JSONSchema(location: schema.location, fingerprint: schema.fingerprint + "|anyOf")
            union.anyOf = anyOf
            members.append(union)
        }
        let composite = JSONSchema(location: schema.location, fingerprint: schema.fingerprint)
        composite.allOf = members
        composite.nullable = schema.nullable
        composite.description = schema.description
        composite.title = schema.title
        return composite
    }

    /// One object schema with the properties of every member merged, the schema's own last; nil when
    /// a member is not an object (a union, an enumeration, another type) or is too deeply nested.
    private func mergedObject(_ schema: JSONSchema, members: [JSONSchema]) -> JSONSchema? {
        var properties: [JSONSchema.Property] = []
        var required = Set(schema.required)
        var additional = schema.additionalProperties
        var mergeable = true
        func collect(_ part: JSONSchema, depth: Int) {
            guard depth < 16 else {
                mergeable = false
                return
            }
            if let reference = part.reference {
                guard let target = reader.targets[reference.key] else {
                    mergeable = false
                    return
                }
                let read = reader.read(target.node)
                collect(isBaseOfABuildingSchema(read) ? objectPart(of: read) : read, depth: depth + 1)
                return
            }
            if !part.oneOf.filter({ !$0.isNullOnly && !$0.isConstraintOnly }).isEmpty
                || !part.anyOf.filter({ !$0.isNullOnly && !$0.isConstraintOnly }).isEmpty
                || part.enumValues != nil || (!part.nonNullTypes.isEmpty && part.nonNullTypes != ["object"])
            {
                mergeable = false
                return
            }
            for inner in part.allOf { collect(inner, depth: depth + 1) }
            for property in part.properties {
                properties.removeAll { $0.name == property.name }
                properties.append(property)
            }
            required.formUnion(part.required)
            if case .schema = part.additionalProperties { additional = part.additionalProperties }
        }
        for member in members { collect(member, depth: 0) }
        for property in schema.properties {
            properties.removeAll { $0.name == property.name }
            properties.append(property)
        }
        guard mergeable else { return nil }
        let merged = JSONSchema(location: schema.location, fingerprint: schema.fingerprint)
        merged.types = ["object"]
        merged.properties = properties
        merged.required = Array(required).sorted()
        merged.additionalProperties = additional
        merged.description = schema.description
        if properties.isEmpty, case .unspecified = additional {
            merged.additionalProperties = .allowed(false)
        }
        return merged
    }

    // MARK: Enumerations

    func enumeration(
        _ values: [Node], schema: JSONSchema, in scope: Decl, as name: String, exactName: Bool, doc: [String]
    ) -> TypeUsage {
        let present = values.filter { !($0.isNull && $0.scalar?.isPlain == true) }
        // Under `type: string`, a value written as a number or a boolean (`enum: [1, 2, infinity]`)
        // is the string it spells, as the wire carries it.
        let declaredString = schema.nonNullTypes == ["string"]
        let strings = present.allSatisfy {
            $0.scalar != nil
                && (declaredString || $0.scalar!.isPlain == false
                    || ($0.int == nil && $0.double == nil && $0.bool == nil))
        }
        let integers = !declaredString && present.allSatisfy { $0.int != nil && $0.scalar?.isPlain == true }
        guard !present.isEmpty, strings || integers else {
            if present.allSatisfy({ $0.bool != nil }) { return primitive(.bool) }
            if present.allSatisfy({ $0.double != nil }) { return primitive(.double) }
            log.warning(
                "An enum of mixed or structured values is generated as a free-form value; its values are not checked.",
                at: schema.location)
            return .freeForm
        }
        if schema.nonNullTypes == ["number"], integers { return primitive(.double) }
        return shared(schema, in: scope, as: payloadName(name, exactName), exactName: exactName) { name in
            var caseNames = NameScope(reserved: ["unknown", "allCases", "rawValue", "init"])
            var cases: [(String, SwiftLiteral)] = []
            var seen: Set<String> = []
            for value in present {
                let text = value.scalar!.text
                guard seen.insert(text).inserted else { continue }
                let base =
                    integers
                    ? (text.hasPrefix("-") ? "negative" + text.dropFirst() : "_" + text) : Naming.memberName(text)
                cases.append((caseNames.claim(base), integers ? .integer(text) : .string(text)))
            }
            let raw = Decl.RawEnum(rawType: integers ? .int : .string, cases: cases)
            let decl = newDecl(in: scope, name, exactName: exactName, doc: doc, kind: .rawEnum(raw))
            return TypeUsage(swift: decl.type, shape: .primitive, nullable: false, decl: decl)
        }
    }
}

extension TypeUsage.Shape {
    /// The shape's name, as the runtime's coding calls take it.
    var name: String {
        switch self {
        case .primitive: "primitive"
        case .array: "array"
        case .object: "object"
        }
    }
}
