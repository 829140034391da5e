/// An item type in the working copy's catalog: its fields (inherited ones included, the nearest
/// declaration winning), its display hints and the icon it resolves to.
public struct ItemType: Sendable, Hashable, Identifiable {
    /// The type identifier, such as `core.note`.
    public var id: String
    /// The name to show.
    public var label: String?
    /// What the type is for.
    public var description: String?
    /// The type whose fields this one inherits.
    public var parent: String?
    /// Moves when the definition changes.
    public var version: Int64
    /// Every field, the type's own and inherited, sorted by name.
    public var fields: [TypeField]
    /// The field that names an item.
    public var titleField: String?
    /// The field that holds an item's main text.
    public var bodyField: String?
    /// The field that holds an item's address, for types that link out.
    public var linkField: String?
    /// The roles the type plays.
    public var roles: [String]
    /// Types whose items this one can take.
    public var compatibleWith: [String]
    /// The Iconify ID the type resolves to (the owner's choice along the parents, else the
    /// author's), or nil for none.
    public var icon: String?

    /// A type with these values, for an app's previews and tests.
    public init(
        id: String, label: String? = nil, description: String? = nil, parent: String? = nil, version: Int64 = 1,
        fields: [TypeField] = [], titleField: String? = nil, bodyField: String? = nil, linkField: String? = nil,
        roles: [String] = [], compatibleWith: [String] = [], icon: String? = nil
    ) {
        self.id = id
        self.label = label
        self.description = description
        self.parent = parent
        self.version = version
        self.fields = fields
        self.titleField = titleField
        self.bodyField = bodyField
        self.linkField = linkField
        self.roles = roles
        self.compatibleWith = compatibleWith
        self.icon = icon
    }
}
