import MarfaYAML

/// Reads schema nodes into `JSONSchema`s, finding the target of each `$ref` and noting what it ignores.
final class SchemaReader {
    let documents: DocumentSet
    let log: DiagnosticLog
    /// Every schema a `$ref` targets, by key, with the node it was read from.
    private(set) var targets: [String: (node: Node, pointer: String)] = [:]
    private(set) var targetOrder: [String] = []
    /// Schemas in other files that `components/schemas` entries stand for, by key, with the key of
    /// the entry: a `$ref` to such a schema is a `$ref` to its component.
    private var componentAliases: [String: String] = [:]
    /// The schema nodes being read, outermost first: where a `$dynamicRef` finds its anchor.
    var enclosing: [Node] = []
    /// Each target's key by where its node starts, to name the schema a `$dynamicRef` is inside.
    var targetKeys: [SourceLocation: String] = [:]
    /// Per file, the schemas that declare a `$dynamicAnchor` (or `$recursiveAnchor: true`, under the
    /// name ""), by anchor name, in document order.
    var dynamicAnchors: [String: [String: [(key: String, node: Node)]]] = [:]

    init(documents: DocumentSet, log: DiagnosticLog) {
        self.documents = documents
        self.log = log
    }

    /// Keywords that describe or validate but do not change the generated type.
    static let annotationKeys: Set<String> = [
        "description", "title", "example", "examples", "externalDocs", "xml", "deprecated", "$comment",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "pattern", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "$schema", "$id",
        "$anchor", "$defs", "definitions", "contentEncoding", "contentMediaType", "contentSchema", "default",
        "readOnly", "writeOnly", "nullable", "format", "required", "discriminator", "propertyNames",
        "unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas", "if", "then",
        "else", "minContains", "maxContains", "contains", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary",
        // Draft 4 to 7 validation keywords that 2020-12 split or renamed.
        "dependencies", "additionalItems",
    ]

    /// Reads the schema at `node`.
    func read(_ node: Node) -> JSONSchema {
        if let flag = node.bool {
            let schema = JSONSchema(location: node.location, fingerprint: flag ? "{}" : "false")
            schema.isFalse = !flag
            return schema
        }
        guard let entries = node.entries else {
            log.workedAround(
                "A schema must be an object or a boolean; this one is read as any JSON value.", at: node.location)
            return JSONSchema(location: node.location, fingerprint: "{}")
        }
        let schema = JSONSchema(location: node.location, fingerprintOf: node)
        enclosing.append(node)
        defer { enclosing.removeLast() }
        for entry in entries
        where !readShape(entry, into: schema) && !readComposition(entry, into: schema)
            && !readAnnotation(entry, into: schema)
        {
            if !entry.key.hasPrefix("x-") && !Self.annotationKeys.contains(entry.key) {
                log.warning("The schema keyword '\(entry.key)' is not supported and is ignored.", at: entry.keyLocation)
            }
        }
        return schema
    }

    /// Reads a keyword that gives the value its shape (`type`, `properties`, `items`...); false for others.
    private func readShape(_ entry: Node.Entry, into schema: JSONSchema) -> Bool {
        let value = entry.value
        switch entry.key {
        case "type": readType(value, into: schema)
        case "nullable": schema.nullable = value.bool ?? false
        case "format": schema.format = value.string
        case "enum": schema.enumValues = enumValues(value)
        case "const": schema.constValue = value
        case "properties":
            guard let properties = namedEntries(value, of: "properties") else {
                log.workedAround("'properties' must be a mapping; it is ignored.", at: value.location)
                return true
            }
            schema.properties = properties.map {
                JSONSchema.Property(name: $0.key, schema: read($0.value), location: $0.keyLocation)
            }
        case "required":
            if let names = value.elements { schema.required = names.compactMap(\.string) }
        case "additionalProperties":
            if let flag = value.bool {
                schema.additionalProperties = .allowed(flag)
            } else {
                schema.additionalProperties = .schema(read(value))
            }
        case "patternProperties":
            if case .unspecified = schema.additionalProperties, let first = value.entries?.first {
                schema.additionalProperties = .schema(read(first.value))
                log.note(
                    "'patternProperties' is read as additional properties of the first pattern's schema; the patterns are not checked.",
                    at: entry.keyLocation)
            }
        case "items":
            if let members = value.elements {
                readTuple(
                    members, rest: nil, named: "A list of 'items' schemas (tuple form)", at: value.location,
                    into: schema)
            } else if enclosing.last?["prefixItems"] == nil {
                schema.items = read(value)
            }
        case "prefixItems":
            // `items` beside `prefixItems` is the schema of the members after the tuple's.
            let rest = enclosing.last?["items"]
            readTuple(
                value.elements ?? [], rest: rest, named: "'prefixItems' (a tuple)", at: entry.keyLocation, into: schema)
        default: return false
        }
        return true
    }

    /// Reads a tuple as a list: of its members' one schema when they all share it (the same `$ref`,
    /// or the same primitive type and format: `[longitude, latitude]`), with a note; else of
    /// free-form values, with a warning. `rest`, when not `false`, is one more member.
    private func readTuple(
        _ nodes: [Node], rest: Node?, named name: String, at location: SourceLocation, into schema: JSONSchema
    ) {
        var members = nodes.map { read($0) }
        if let rest, rest.elements == nil, rest.bool != false { members.append(read(rest)) }
        if let shared = Self.sharedMember(of: members) {
            log.note("\(name) is read as a list of its members' one type; its length is not checked.", at: location)
            schema.items = shared
        } else {
            log.warning("\(name) is read as a list of free-form values.", at: location)
            schema.items = JSONSchema(location: location, fingerprint: "{}")
        }
    }

    /// The schema every member shares: the same `$ref`, or the same single primitive type and
    /// format with nothing else that shapes the value; nil when they differ or there are none.
    static func sharedMember(of members: [JSONSchema]) -> JSONSchema? {
        guard let first = members.first else { return nil }
        func isPlainPrimitive(_ schema: JSONSchema) -> Bool {
            schema.reference == nil && schema.properties.isEmpty && schema.items == nil && schema.enumValues == nil
                && schema.constValue == nil && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.allOf.isEmpty
                && schema.types.count == 1 && ["string", "integer", "number", "boolean"].contains(schema.types[0])
        }
        if let key = first.reference?.key {
            return members.allSatisfy { $0.reference?.key == key } ? first : nil
        }
        guard isPlainPrimitive(first) else { return nil }
        let same = members.allSatisfy { isPlainPrimitive($0) && $0.types == first.types && $0.format == first.format }
        return same ? first : nil
    }

    /// The type names JSON Schema defines.
    static let typeNames: Set<String> = ["string", "integer", "number", "boolean", "object", "array", "null"]

    private func readType(_ value: Node, into schema: JSONSchema) {
        let names: [String]
        if let list = value.elements {
            names = list.compactMap { typeName($0) }
        } else if let name = typeName(value) {
            names = [name]
        } else {
            log.workedAround("'type' must be a name or a list of names; it is ignored.", at: value.location)
            names = []
        }
        schema.types = names.compactMap { knownType($0, at: value.location, in: schema) }
    }

    /// The name a `type` entry spells; YAML's null (`type: null`, unquoted) is the type 'null'.
    private func typeName(_ node: Node) -> String? {
        if let name = node.string { return name }
        guard node.isNull else { return nil }
        log.warning(
            "An unquoted null in 'type' is YAML's null, not a name; it is read as the type 'null' (write 'null').",
            at: node.location)
        return "null"
    }

    /// The JSON Schema type `name` stands for, with a recoverable error where it is not one: a
    /// known name in other letter case (`String`) is that type, a format or a language's type name
    /// (`date-time`, `int64`, `bool`, Swagger 2's `file`) is the type it is written with, and any
    /// other name is left out, so the value is read as any JSON value.
    private func knownType(_ name: String, at location: SourceLocation, in schema: JSONSchema) -> String? {
        if Self.typeNames.contains(name) { return name }
        if Self.typeNames.contains(name.lowercased()) {
            log.workedAround("The type '\(name)' is read as '\(name.lowercased())'.", at: location)
            return name.lowercased()
        }
        if name == "file" {
            log.workedAround(
                "The type 'file' (Swagger 2) is read as a string of bytes (format 'binary').", at: location)
            if schema.format == nil { schema.format = "binary" }
            return "string"
        }
        if let (type, format) = Self.misnamedTypes[name.lowercased()] {
            let withFormat = format.map { " with the format '\($0)'" } ?? ""
            log.workedAround(
                "'\(name)' is not a JSON Schema type; it is read as '\(type)'\(withFormat).", at: location)
            if schema.format == nil { schema.format = format }
            return type
        }
        log.workedAround("Unknown type '\(name)' is left out; the value is read as any JSON value.", at: location)
        return nil
    }

    /// Names written as a `type` that are formats or other languages' types, with the JSON Schema
    /// type and format each stands for.
    static let misnamedTypes: [String: (type: String, format: String?)] = [
        "binary": ("string", "binary"), "byte": ("string", "byte"),
        "date-time": ("string", "date-time"), "datetime": ("string", "date-time"), "date": ("string", "date"),
        "time": ("string", "time"), "uuid": ("string", "uuid"), "email": ("string", "email"),
        "uri": ("string", "uri"), "url": ("string", "uri"), "password": ("string", "password"),
        "str": ("string", nil), "text": ("string", nil), "int": ("integer", nil), "int32": ("integer", "int32"),
        "int64": ("integer", "int64"), "long": ("integer", "int64"), "float": ("number", "float"),
        "double": ("number", "double"), "decimal": ("number", nil), "bool": ("boolean", nil),
        "map": ("object", nil), "dict": ("object", nil), "list": ("array", nil),
    ]

    /// The values of an `enum`: a list; a mapping (value to description, as some tools write it)
    /// is read as its keys, with a recoverable error; anything else is ignored.
    private func enumValues(_ value: Node) -> [Node]? {
        if let values = value.elements { return values }
        if let entries = value.entries {
            log.workedAround(
                "'enum' must be a list; the keys of this mapping are read as its values.", at: value.location)
            return entries.map { Node(.scalar(.init(text: $0.key, isPlain: false)), at: $0.keyLocation) }
        }
        log.workedAround("'enum' must be a list; it is ignored.", at: value.location)
        return nil
    }

    /// Reads a keyword that names other schemas (`$ref`, `$dynamicRef`, `oneOf`...); false for others.
    private func readComposition(_ entry: Node.Entry, into schema: JSONSchema) -> Bool {
        let value = entry.value
        switch entry.key {
        case "$ref": schema.reference = reference(value)
        case "$dynamicRef": dynamicReference(value, recursive: false, into: schema)
        case "$recursiveRef": dynamicReference(value, recursive: true, into: schema)
        case "oneOf": schema.oneOf = list(value, "oneOf")
        case "anyOf": schema.anyOf = list(value, "anyOf")
        case "allOf": schema.allOf = list(value, "allOf")
        case "not":
            log.note("'not' is a validation rule; it does not change the generated type.", at: entry.keyLocation)
        case "discriminator": schema.discriminator = discriminator(value)
        default: return false
        }
        return true
    }

    /// Reads a keyword that describes the value without changing its shape; false for others.
    private func readAnnotation(_ entry: Node.Entry, into schema: JSONSchema) -> Bool {
        let value = entry.value
        switch entry.key {
        case "default": schema.defaultValue = value
        case "readOnly": schema.readOnly = value.bool ?? false
        case "writeOnly": schema.writeOnly = value.bool ?? false
        case "deprecated": schema.deprecated = value.bool ?? false
        case "description": schema.description = value.string
        case "title": schema.title = value.string
        case "contentMediaType": schema.contentMediaType = value.string
        default: return false
        }
        return true
    }

    private func list(_ node: Node, _ keyword: String) -> [JSONSchema] {
        guard let elements = node.elements else {
            log.workedAround("'\(keyword)' must be a list of schemas; it is ignored.", at: node.location)
            return []
        }
        if elements.isEmpty { log.warning("'\(keyword)' is empty.", at: node.location) }
        return elements.map(read)
    }

    private func discriminator(_ node: Node) -> JSONSchema.Discriminator? {
        guard let name = node["propertyName"]?.string else {
            log.workedAround(
                "A discriminator needs a 'propertyName'; it is ignored, and the branches are tried in order.",
                at: node.location)
            return nil
        }
        var mapping: [(String, SchemaReference)] = []
        for entry in node["mapping"]?.entries ?? [] {
            guard let target = entry.value.string else { continue }
            let refText =
                target.contains("#") || target.contains("/") || target.hasSuffix(".yaml") || target.hasSuffix(".json")
                ? target : "#/components/schemas/\(target)"
            var refNode = entry.value
            refNode.kind = .scalar(Node.Scalar(text: refText, isPlain: false))
            if let reference = reference(refNode) { mapping.append((entry.key, reference)) }
        }
        return JSONSchema.Discriminator(propertyName: name, mapping: mapping, location: node.location)
    }

    /// Makes the component whose key is `component` stand for `external`, a schema in another file,
    /// unless another component does already or it has been met as a target of its own.
    func standFor(_ external: (key: String, node: Node), component: String) {
        guard componentAliases[external.key] == nil, targets[external.key] == nil, targets[component] != nil else {
            return
        }
        componentAliases[external.key] = component
        targets[component]?.node = external.node
        targetKeys[external.node.location] = component
    }

    /// Records `node` as the target named `key`, unless it is already.
    func record(_ key: String, node: Node, pointer: String) {
        guard targets[key] == nil else { return }
        targets[key] = (node, pointer)
        targetOrder.append(key)
        targetKeys[node.location] = targetKeys[node.location] ?? key
    }

    /// Resolves a `$ref` value and records its target, or logs an error and returns nil.
    func reference(_ node: Node) -> SchemaReference? {
        guard let text = node.string else {
            log.error("'$ref' must be text.", at: node.location)
            return nil
        }
        do {
            let target = try documents.resolve(ref: text, from: node.location)
            let key = "\(target.file)#\(target.pointer)"
            if let component = componentAliases[key] { return SchemaReference(key: component, location: node.location) }
            record(key, node: target.node, pointer: target.pointer)
            return SchemaReference(key: key, location: node.location)
        } catch  where error.kind == .unresolvable || error.kind == .remote {
            // A schema the document never defines, or one on the web this generator does not fetch:
            // the value is kept, unchecked, and the document generates.
            log.workedAround(error, "a free-form value is generated in its place")
            return nil
        } catch {
            log.error(error)
            return nil
        }
    }
}
