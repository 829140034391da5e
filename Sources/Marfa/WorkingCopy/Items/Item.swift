import Foundation
import MarfaDigest

/// An item as the working copy holds it.
///
/// `title` and `body` are worked out from the type's display hints (`title_field`, `body_field`),
/// else the `title` and `body` properties, when they hold text.
public struct Item: Sendable, Hashable, Identifiable {
    /// A UUIDv7.
    public var id: String
    /// The item's type identifier, such as `core.note`.
    public var type: String
    /// The values of the type's fields, and any others written.
    public var properties: JSONObject
    /// Active, archived, in the bin or revoked.
    public var state: ItemState
    /// The tier, when the server said.
    public var tier: Tier?
    /// Starts at 1 and moves only when fields are written.
    public var version: Int64
    /// The version of the type's definition the item was last written under.
    public var schemaVersion: Int
    /// The source the item was written under.
    public var source: String
    /// With `source`, the item's natural key.
    public var sourceId: String?
    /// The item's own time: when what it records happened.
    public var occurredAt: Date
    /// When the item was made.
    public var createdAt: Date
    /// When the item was last written, tags included.
    public var updatedAt: Date
    /// The item's tags, in the order the server keeps them.
    public var tags: [String]
    /// The name to show, from the type's display hints.
    public var title: String?
    /// The main text, from the type's display hints.
    public var body: String?

    /// An item with these values, for an app's previews and tests.
    public init(
        id: String, type: String, properties: JSONObject = [:], state: ItemState = .active, tier: Tier? = .library,
        version: Int64 = 1, schemaVersion: Int = 1, source: String = "app", sourceId: String? = nil,
        occurredAt: Date = Date(), createdAt: Date = Date(), updatedAt: Date = Date(), tags: [String] = [],
        title: String? = nil, body: String? = nil
    ) {
        self.id = id
        self.type = type
        self.properties = properties
        self.state = state
        self.tier = tier
        self.version = version
        self.schemaVersion = schemaVersion
        self.source = source
        self.sourceId = sourceId
        self.occurredAt = occurredAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.tags = tags
        self.title = title
        self.body = body
    }
}
