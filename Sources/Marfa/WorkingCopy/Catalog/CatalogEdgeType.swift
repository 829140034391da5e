/// An edge type as the copy's catalog stores it: the contract's row, and beside it the fields the
/// official copy names that some servers send with it (`reverse_name`, `written_at`, `shipped`),
/// each read tolerantly: absent or of another kind, it takes its default. Stored as one JSON
/// object, so a row stored before these fields existed reads with the defaults.
struct CatalogEdgeType: Sendable, Codable {
    var wire: Components.Schemas.EdgeType
    /// The name the edge goes by read from its target; nil when the server names none.
    var reverseName: String?
    /// The end whose item writes the edge; `source` when the server names none.
    var writtenAt: EdgeEnd
    /// Whether Marfa ships the type; when the server doesn't say, whether its id is one of the
    /// names Marfa ships (reserved, so no instance registers one).
    var shipped: Bool

    /// The edge types every Marfa instance ships.
    static let shippedNames: Set<String> = [
        "about", "parent-of", "in-thread", "attached-to", "authored-by", "derived-from", "supersedes", "references",
        "in-collection", "in-folder",
    ]

    init(wire: Components.Schemas.EdgeType, reverseName: String?, writtenAt: EdgeEnd, shipped: Bool) {
        (self.wire, self.reverseName, self.writtenAt, self.shipped) = (wire, reverseName, writtenAt, shipped)
    }

    init(from decoder: any Decoder) throws {
        wire = try Components.Schemas.EdgeType(from: decoder)
        let row = try decoder.container(keyedBy: DynamicCodingKey.self)
        reverseName = try? row.decodeIfPresent(String.self, forKey: "reverse_name")
        writtenAt =
            (try? row.decodeIfPresent(String.self, forKey: "written_at")).flatMap(EdgeEnd.init(rawValue:))
            ?? .source
        shipped = (try? row.decodeIfPresent(Bool.self, forKey: "shipped")) ?? Self.shippedNames.contains(wire.id)
    }

    func encode(to encoder: any Encoder) throws {
        try wire.encode(to: encoder)
        var row = encoder.container(keyedBy: DynamicCodingKey.self)
        try row.encodeIfPresent(reverseName, forKey: "reverse_name")
        try row.encode(writtenAt.rawValue, forKey: "written_at")
        try row.encode(shipped, forKey: "shipped")
    }
}
