import Foundation

/// An item as it was before a write replaced it, and who made that write.
public struct ItemSnapshot: Sendable, Hashable {
    /// The item's version before the write.
    public var version: Int64
    /// The item's type before the write.
    public var type: String
    /// The item's tier before the write, when the server said.
    public var tier: Tier?
    /// The item's properties before the write.
    public var properties: JSONObject
    /// When the item said it happened, before the write.
    public var occurredAt: Date?
    /// The item's ID at its source, before the write.
    public var sourceID: String?
    /// Who made the write; nil for a change the server made itself.
    public var writer: Writer?
    /// When the write was made.
    public var createdAt: Date

    /// A snapshot as given, for previews and tests.
    public init(
        version: Int64, type: String, tier: Tier? = nil, properties: JSONObject = [:],
        occurredAt: Date? = nil, sourceID: String? = nil, writer: Writer? = nil, createdAt: Date
    ) {
        self.version = version
        self.type = type
        self.tier = tier
        self.properties = properties
        self.occurredAt = occurredAt
        self.sourceID = sourceID
        self.writer = writer
        self.createdAt = createdAt
    }

    init(_ wire: Components.Schemas.ItemSnapshot) {
        self.init(
            version: wire.version, type: wire._type, tier: wire.tier.flatMap(Tier.init), properties: wire.properties,
            occurredAt: wire.occurredAt, sourceID: wire.sourceId?.value, writer: wire.writer?.value.map(Writer.init),
            createdAt: wire.createdAt)
    }
}
