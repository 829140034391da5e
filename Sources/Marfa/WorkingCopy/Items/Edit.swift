/// A change to an item, queued by `items.update(_:_:)`.
public struct Edit: Sendable, Hashable {
    /// How the properties change.
    public enum Properties: Sendable, Hashable {
        /// Replaces the named values; a null clears nothing.
        case merge(JSONObject)
        /// Replaces every value: the only way to drop a property.
        case replace(JSONObject)
    }

    /// How the properties change.
    public var properties: Properties
    /// The version the change is based on: the one the copy holds for `update`, any earlier one
    /// for `updateAsRead`.
    public var baseVersion: Int64
    /// A new natural key.
    public var sourceId: String?
    /// A new type (a retype); an unknown type throws `unknownType` before anything is queued.
    public var type: String?
    /// A new tier.
    public var tier: Tier?

    /// A change with these values.
    public init(
        _ properties: Properties = .merge([:]), baseVersion: Int64, sourceId: String? = nil, type: String? = nil,
        tier: Tier? = nil
    ) {
        self.properties = properties
        self.baseVersion = baseVersion
        self.sourceId = sourceId
        self.type = type
        self.tier = tier
    }
}
