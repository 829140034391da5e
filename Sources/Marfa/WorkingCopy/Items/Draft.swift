import Foundation

/// An item to make, queued by `items.create(_:)`.
public struct Draft: Sendable, Hashable {
    /// The item's type.
    public var type: String
    /// The item's values.
    public var properties: JSONObject
    /// Tags, each queued as a write of its own after the create.
    public var tags: [String]
    /// The tier; without one, the slice's (`library` for `.all` or before the first hydration).
    public var tier: Tier?
    /// An id for the item; the copy mints a UUIDv7 when nil.
    public var id: String?
    /// A source the key claims; the key's own when nil.
    public var source: String?
    /// With the source, a natural key: a create the server already holds lands on that row.
    public var sourceId: String?
    /// The item's own time; when it was made, when nil.
    public var occurredAt: Date?
    /// With `sourceId`, the version the row must have (0: no row may exist).
    public var baseVersion: Int64?

    /// A draft with these values.
    public init(
        type: String, properties: JSONObject = [:], tags: [String] = [], tier: Tier? = nil, id: String? = nil,
        source: String? = nil, sourceId: String? = nil, occurredAt: Date? = nil, baseVersion: Int64? = nil
    ) {
        self.type = type
        self.properties = properties
        self.tags = tags
        self.tier = tier
        self.id = id
        self.source = source
        self.sourceId = sourceId
        self.occurredAt = occurredAt
        self.baseVersion = baseVersion
    }
}
