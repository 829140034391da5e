import Foundation

/// A checked `items.list` question, as engines answer it: every type it may hold spelled out.
package struct ItemQuery: Sendable, Hashable {
    /// The type ids an item may have; nil for any.
    package var types: Set<String>?
    /// The states an item may be in; nil for any.
    package var states: Set<ItemState>?
    package var tier: Tier?
    package var tags: [String]
    package var occurredAfter: Date?
    package var occurredBefore: Date?
    /// Conditions on properties, all of which must hold.
    package var conditions: [PropertyCondition]
    /// The ids an item must be among (a `beneath` subtree); nil for any.
    package var ids: Set<String>?
    package var sort: Sort
    package var limit: Int?
    package var offset: Int
}
