import Foundation

/// A saved view: a search the instance keeps, with how to sort and group its items.
public struct View: Sendable, Hashable, Identifiable {
    /// What a view holds and how it shows it.
    public struct Settings: Sendable, Hashable {
        /// The name to show.
        public var name: String
        /// Types, each with its subtypes; empty for every type.
        public var types: [String]
        /// The tier, or nil for both.
        public var tier: Tier?
        /// The states held: active and archived, or one of them; empty for active only.
        public var states: [ItemState]
        /// A listing-grammar filter; a view with one the copy can't answer whole throws `invalid` when read.
        public var filter: String?
        /// Only items beneath this one along `parent-of`.
        public var beneath: String?
        /// `created_at`, `updated_at`, `timestamp` or `properties.<field>`.
        public var sortField: String
        /// Oldest (or lowest) first when true.
        public var ascending: Bool
        /// How items are grouped: `type`, `tag`, a time bucket such as `created_at:month` (`day`,
        /// `week`, `month`, `year`), or a property's name; nil for one group.
        public var groupBy: String?

        /// Settings with these values; by default every active item, newest first, in one group.
        public init(
            name: String, types: [String] = [], tier: Tier? = nil, states: [ItemState] = [], filter: String? = nil,
            beneath: String? = nil, sortField: String = "created_at", ascending: Bool = false, groupBy: String? = nil
        ) {
            self.name = name
            self.types = types
            self.tier = tier
            self.states = states
            self.filter = filter
            self.beneath = beneath
            self.sortField = sortField
            self.ascending = ascending
            self.groupBy = groupBy
        }
    }

    /// The view's id.
    public var id: String
    /// Moves on every change; a change names the version it is based on.
    public var version: Int64
    /// What it holds and how it shows it.
    public var settings: Settings

    /// A view with these values, for an app's previews and tests.
    public init(id: String, version: Int64 = 1, settings: Settings) {
        self.id = id
        self.version = version
        self.settings = settings
    }
}

/// One group of a view's items.
public struct ViewGroup: Sendable, Hashable {
    /// The group's key: a type, a tag, a time bucket (`2026-12`), a property's value, or empty.
    public var key: String
    /// Its items, in the view's order.
    public var items: [Item]

    /// A group with these values.
    public init(key: String, items: [Item]) {
        self.key = key
        self.items = items
    }
}
