import MarfaYAML

/// One JSON Schema as the document states it, with `$ref`s to other schemas kept as references.
final class JSONSchema {
    enum AdditionalProperties {
        case unspecified
        case allowed(Bool)
        case schema(JSONSchema)
    }

    struct Property {
        var name: String
        var schema: JSONSchema
        var location: SourceLocation
    }

    struct Discriminator {
        var propertyName: String
        /// Discriminator values and the schema references they select, in document order.
        var mapping: [(value: String, ref: SchemaReference)]
        var location: SourceLocation
    }

    let location: SourceLocation
    /// Set when the schema is only a `$ref` (siblings such as `description` are kept below). For a
    /// `$dynamicRef` or `$recursiveRef`, its static target.
    var reference: SchemaReference?
    /// Set for a `$dynamicRef` or `$recursiveRef` whose static target declares the anchor: the
    /// reference may resolve to an outer schema that declares it too.
    var dynamicReference: DynamicReference?
    var types: [String] = []
    var nullable = false
    var format: String?
    var enumValues: [Node]?
    var constValue: Node?
    var properties: [Property] = []
    var required: [String] = []
    var additionalProperties: AdditionalProperties = .unspecified
    var items: JSONSchema?
    var oneOf: [JSONSchema] = []
    var anyOf: [JSONSchema] = []
    var allOf: [JSONSchema] = []
    var discriminator: Discriminator?
    var defaultValue: Node?
    var readOnly = false
    var writeOnly = false
    var deprecated = false
    var description: String?
    var title: String?
    var contentMediaType: String?
    /// The boolean schema `false`: no value is valid.
    var isFalse = false
    /// A text that is equal for two schemas exactly when they describe the same thing; written from
    /// the schema's node the first time it is asked for (most schemas never are).
    var fingerprint: String {
        if let text = fingerprintText { return text }
        let text = fingerprintNode.map(Fingerprint.of) ?? ""
        fingerprintText = text
        fingerprintNode = nil
        return text
    }
    private var fingerprintText: String?
    private var fingerprintNode: Node?

    init(location: SourceLocation, fingerprint: String) {
        self.location = location
        self.fingerprintText = fingerprint
    }

    /// A schema whose fingerprint is `Fingerprint.of(node)`, written when first asked for.
    init(location: SourceLocation, fingerprintOf node: Node) {
        self.location = location
        self.fingerprintNode = node
    }

    /// Whether the schema allows `null` (`nullable`, a `null` type, or a `null` enum value).
    var allowsNull: Bool {
        nullable || types.contains("null")
            || (enumValues?.contains { $0.isNull && $0.scalar?.isPlain == true } ?? false)
            || oneOf.contains { $0.isNullOnly } || anyOf.contains { $0.isNullOnly }
    }

    /// The schema `{type: "null"}` (or `enum: [null]`, `const: null`).
    var isNullOnly: Bool {
        reference == nil
            && (types == ["null"] || (enumValues.map { !$0.isEmpty && $0.allSatisfy(\.isNull) } ?? false)
                || (constValue?.isNull ?? false))
    }

    /// True when the schema says nothing that constrains the shape of a value (e.g. `{}`).
    var isUnconstrained: Bool {
        reference == nil && types.isEmpty && enumValues == nil && constValue == nil && properties.isEmpty
            && items == nil && oneOf.isEmpty && anyOf.isEmpty && allOf.isEmpty && !isFalse
            && { if case .unspecified = additionalProperties { return true } else { return false } }()
    }

    /// True when the schema only adds validation to its surroundings (`required`, bounds), as in a
    /// `oneOf` branch that lists required properties.
    var isConstraintOnly: Bool {
        isUnconstrained && (!required.isEmpty || description != nil || title != nil)
    }

    /// The non-null types named.
    var nonNullTypes: [String] { types.filter { $0 != "null" } }
}

/// The anchor a `$dynamicRef` (its name) or `$recursiveRef` (`""`, for `$recursiveAnchor: true`) looks for.
struct DynamicReference: Hashable {
    var anchor: String
    var location: SourceLocation
}

/// A `$ref` to a schema: the key that identifies its target and the component it names.
struct SchemaReference: Hashable {
    /// `file#pointer` of the target.
    var key: String
    var location: SourceLocation
}
