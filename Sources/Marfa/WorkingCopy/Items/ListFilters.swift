import Foundation

/// Which held items `items.list` answers.
///
/// With `state` unset only active items are answered; `allStates` lifts that, and a named
/// `state` wins over both. `type` takes the type's subtree too.
public struct ListFilters: Sendable, Hashable {
    /// Items of this type or a type beneath it.
    public var type: String?
    /// Items in this state only.
    public var state: ItemState?
    /// Items in every state, the bin included.
    public var allStates: Bool
    /// Items of this tier only.
    public var tier: Tier?
    /// Items carrying every one of these tags.
    public var tags: [String]
    /// Items whose own time is at or after this instant.
    public var occurredAfter: Date?
    /// Items whose own time is at or before this instant.
    public var occurredBefore: Date?
    /// A condition in the server's listing grammar. The copy answers the conditions it can
    /// answer whole (`properties.<field>` compared with `=`, `!=`, `<`, `<=`, `>`, `>=`,
    /// joined by `AND`) and throws `invalid` for the rest.
    public var filter: String?
    /// Items beneath this one along held `parent-of` edges.
    public var beneath: String?
    /// At most this many items.
    public var limit: Int?
    /// Leave out this many items first.
    public var offset: Int?

    /// Filters with these values; the defaults answer every active item.
    public init(
        type: String? = nil, state: ItemState? = nil, allStates: Bool = false, tier: Tier? = nil, tags: [String] = [],
        occurredAfter: Date? = nil, occurredBefore: Date? = nil, filter: String? = nil, beneath: String? = nil,
        limit: Int? = nil, offset: Int? = nil
    ) {
        self.type = type
        self.state = state
        self.allStates = allStates
        self.tier = tier
        self.tags = tags
        self.occurredAfter = occurredAfter
        self.occurredBefore = occurredBefore
        self.filter = filter
        self.beneath = beneath
        self.limit = limit
        self.offset = offset
    }
}
