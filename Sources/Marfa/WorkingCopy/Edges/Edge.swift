import Foundation

/// A typed, directed link from one item to another, as the working copy holds it.
public struct Edge: Sendable, Hashable, Identifiable {
    /// The edge's own id.
    public var id: String
    /// The item the edge leaves.
    public var sourceId: String
    /// The item the edge points at.
    public var targetId: String
    /// The edge type, such as `references` or `parent-of`.
    public var edgeType: String
    /// The edge's own values.
    public var properties: JSONObject
    /// Starts at 1; moves when the edge is written.
    public var version: Int64
    /// When the edge was made.
    public var createdAt: Date
    /// When the edge was last written.
    public var updatedAt: Date

    /// An edge with these values, for an app's previews and tests.
    public init(
        id: String, sourceId: String, targetId: String, edgeType: String, properties: JSONObject = [:],
        version: Int64 = 1, createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.sourceId = sourceId
        self.targetId = targetId
        self.edgeType = edgeType
        self.properties = properties
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
