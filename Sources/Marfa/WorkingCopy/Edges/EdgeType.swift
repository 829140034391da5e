/// An edge type in the working copy's catalog.
public struct EdgeType: Sendable, Hashable, Identifiable {
    /// The edge type identifier, such as `references`.
    public var id: String
    /// The name to show.
    public var label: String?
    /// What the edge means, in words.
    public var description: String?
    /// `one-to-one`, `one-to-many`, `many-to-one` or `many-to-many`.
    public var cardinality: String
    /// The types an edge may leave; empty for any.
    public var sourceTypeConstraints: [String]
    /// The types an edge may point at; empty for any.
    public var targetTypeConstraints: [String]
    /// What a delete of the source does to the target: `cascade`, `orphan` or `block`.
    public var cascadeOnDelete: String
    /// The JSON Schema of the edge's properties.
    public var properties: JSONObject
    /// The name the edge goes by read from its target (`child of` for `parent-of`); nil when the
    /// server names none.
    public var reverseName: String?
    /// The end whose item writes the edge (for files in a folder, the file holding the link);
    /// `source` when the server names none.
    public var writtenAt: EdgeEnd
    /// Whether Marfa ships the type rather than the instance registering it; when the server
    /// doesn't say, whether its id is one of the names Marfa ships (`parent-of`, `references`, …).
    public var shipped: Bool

    /// An edge type with these values, for an app's previews and tests.
    public init(
        id: String, label: String? = nil, description: String? = nil, cardinality: String = "many-to-many",
        sourceTypeConstraints: [String] = [], targetTypeConstraints: [String] = [], cascadeOnDelete: String = "orphan",
        properties: JSONObject = [:], reverseName: String? = nil, writtenAt: EdgeEnd = .source, shipped: Bool = false
    ) {
        self.id = id
        self.label = label
        self.description = description
        self.cardinality = cardinality
        self.sourceTypeConstraints = sourceTypeConstraints
        self.targetTypeConstraints = targetTypeConstraints
        self.cascadeOnDelete = cascadeOnDelete
        self.properties = properties
        self.reverseName = reverseName
        self.writtenAt = writtenAt
        self.shipped = shipped
    }
}
