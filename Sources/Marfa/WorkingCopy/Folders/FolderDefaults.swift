/// What a new file in a folder takes where it leaves a blank.
public struct FolderDefaults: Sendable, Hashable {
    /// The type a new file becomes; nil takes the search's first type, else `core.note`.
    public var type: String?
    /// The tier a new file is made in; nil takes the search's tier.
    public var tier: Tier?
    /// Properties every new file's item starts with.
    public var properties: JSONObject
    /// Tags every new file's item carries.
    public var tags: [String]
    /// From edge type to the ids of the items each new file is linked to.
    public var edges: [String: [String]]

    /// A value with these members.
    public init(
        type: String? = nil, tier: Tier? = nil, properties: JSONObject = [:], tags: [String] = [],
        edges: [String: [String]] = [:]
    ) {
        self.type = type
        self.tier = tier
        self.properties = properties
        self.tags = tags
        self.edges = edges
    }
}
