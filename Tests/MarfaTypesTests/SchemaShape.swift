import MarfaYAML

/// What a JSON Schema says a JSON value looks like, reduced to what the fidelity test compares:
/// the JSON types it may have, its named fields, its map values and its array elements.
///
/// `$ref`s are followed, `allOf` members merged, `oneOf`/`anyOf` members joined, and every
/// nullable form (`nullable: true`, `type: [T, "null"]`, a `{type: "null"}` member) reduced to the
/// non-null part. `integer` counts as `number`.
final class SchemaShape {
    /// The JSON types a value may have (`null` left out); nil when any type is allowed.
    var types: Set<String>?
    /// The named fields of an object.
    var properties: [String: SchemaShape] = [:]
    /// The shape of the values of other fields, when the schema describes them.
    var additionalProperties: SchemaShape?
    /// The shape of an array's elements.
    var items: SchemaShape?

    init(types: Set<String>? = nil) { self.types = types }

    /// A shape that allows anything.
    static var any: SchemaShape { SchemaShape() }

    /// True when the schema says nothing about the value's form (no type, no fields).
    var isFreeForm: Bool { types == nil && properties.isEmpty && additionalProperties == nil && items == nil }

    /// True for an object with no named field: a map whose keys are the data's, not the schema's.
    var isOpenObject: Bool { properties.isEmpty && (types == nil || types == ["object"]) }
}

/// Reads `SchemaShape`s from the schema nodes of one loaded document.
struct SchemaShapeReader {
    let documents: DocumentSet

    /// The shape of the schema at `node`. `followed` holds the `$ref`s being read, so a recursive
    /// schema ends as a free-form shape instead of looping.
    func shape(of node: Node, followed: Set<String> = []) throws -> SchemaShape {
        if let ref = node["$ref"]?.string {
            let target = try documents.resolve(ref: ref, from: node.location)
            let key = target.file + "#" + target.pointer
            if followed.contains(key) { return .any }
            return try shape(of: target.node, followed: followed.union([key]))
        }
        guard node.entries != nil else { return .any }  // `true`, `{}`-like scalars

        let shape = SchemaShape(types: declaredTypes(of: node))
        for entry in node["properties"]?.entries ?? [] {
            shape.properties[entry.key] = try self.shape(of: entry.value, followed: followed)
        }
        if let additional = node["additionalProperties"] {
            if additional.entries != nil {
                shape.additionalProperties = try self.shape(of: additional, followed: followed)
            } else if additional.bool == true {
                shape.additionalProperties = .any
            }
        }
        if let items = node["items"] {
            shape.items = try self.shape(of: items, followed: followed)
        }
        if let members = node["allOf"]?.elements {
            try merge(members, into: shape, followed: followed, intersectingTypes: true)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let members = node[keyword]?.elements {
                try merge(members, into: shape, followed: followed, intersectingTypes: false)
            }
        }
        if shape.types == nil && !shape.properties.isEmpty { shape.types = ["object"] }
        return shape
    }

    /// Adds the members of a composition to `shape`: their fields (the first to name one wins),
    /// map values and elements, and their types (all must hold for `allOf`, any may for the others).
    private func merge(
        _ members: [Node], into shape: SchemaShape, followed: Set<String>, intersectingTypes: Bool
    ) throws {
        let read = try members.map { try self.shape(of: $0, followed: followed) }
            .filter { !($0.types == [] && $0.properties.isEmpty) }  // a `{type: "null"}` member
        for member in read {
            for (name, field) in member.properties where shape.properties[name] == nil {
                shape.properties[name] = field
            }
            shape.additionalProperties = shape.additionalProperties ?? member.additionalProperties
            shape.items = shape.items ?? member.items
        }
        if intersectingTypes {
            for member in read {
                guard let types = member.types else { continue }
                shape.types = shape.types.map { $0.intersection(types) } ?? types
            }
        } else if !read.isEmpty, read.allSatisfy({ $0.types != nil }) {
            let union = read.reduce(into: Set<String>()) { $0.formUnion($1.types ?? []) }
            shape.types = shape.types.map { $0.union(union) } ?? union
        }
    }

    /// The JSON types `type` (or, without it, `enum`/`const`) allows, `null` left out and
    /// `integer` read as `number`; nil when the schema allows any type.
    private func declaredTypes(of node: Node) -> Set<String>? {
        var types: Set<String>
        if let type = node["type"] {
            let names = type.elements?.compactMap(\.string) ?? type.string.map { [$0] } ?? []
            types = Set(names.map { $0 == "integer" ? "number" : $0 })
        } else if let values = node["enum"]?.elements ?? node["const"].map({ [$0] }) {
            types = Set(values.map(jsonType))
        } else {
            return nil
        }
        types.remove("null")
        return types
    }

    /// The JSON type of a literal written in the document.
    private func jsonType(of value: Node) -> String {
        switch value.kind {
        case .mapping: return "object"
        case .sequence: return "array"
        case .scalar(let scalar):
            if !scalar.isResolvable { return "string" }
            if scalar.isNull { return "null" }
            if scalar.bool != nil { return "boolean" }
            if scalar.double != nil { return "number" }
            return "string"
        }
    }
}
