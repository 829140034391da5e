/// One field of an item type, declared by the type or one of its parents.
public struct TypeField: Sendable, Hashable, Identifiable {
    /// The field's name: the key in an item's `properties`.
    public var name: String
    /// The field's value type: `string`, `number`, `integer`, `boolean`, `date`, `array`, `object`…
    public var type: String
    /// Whether a write must give it.
    public var required: Bool
    /// What the field holds, in words.
    public var description: String?
    /// The type that declares it: the type itself or the nearest parent that does.
    public var declaredBy: String
    /// The whole definition as the catalog has it.
    public var definition: JSONObject

    /// The field's name.
    public var id: String { name }

    /// A field with these values, for an app's previews and tests.
    public init(
        name: String, type: String, required: Bool = false, description: String? = nil, declaredBy: String,
        definition: JSONObject = [:]
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.description = description
        self.declaredBy = declaredBy
        self.definition = definition
    }
}
