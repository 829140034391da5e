/// The search that decides which items a folder holds.
public struct FolderSearch: Sendable, Hashable {
    /// The types held, each with its subtypes; empty holds every type but `system.*`.
    public var types: [String]
    /// The tier held; nil holds the library tier.
    public var tier: Tier?
    /// The states held; nil holds active and archived items.
    public var states: [ItemState]?
    /// An expression in the server's listing grammar.
    public var filter: String?
    /// An item id: that item and everything it reaches along `parent-of`.
    public var beneath: String?

    /// A value with these members.
    public init(
        types: [String] = [], tier: Tier? = nil, states: [ItemState]? = nil, filter: String? = nil,
        beneath: String? = nil
    ) {
        self.types = types
        self.tier = tier
        self.states = states
        self.filter = filter
        self.beneath = beneath
    }

    /// The tier the folder holds: `tier`, else the library tier.
    public var heldTier: Tier { tier ?? .library }

    /// The states the folder holds: `states`, else active and archived.
    public var heldStates: [ItemState] { states ?? [.active, .archived] }
}
