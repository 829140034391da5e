import MarfaSQLite

/// The store's named values: where it is bound, where it stands, what slice it holds.
enum CopyStoreMeta {
    static let origin = "origin"
    static let instanceID = "instance_id"
    static let cursor = "cursor"
    static let readView = "read_view"
    static let hydration = "hydration"
    static let expiredReason = "expired_reason"
    static let sliceTypes = "slice_types"
    static let sliceTier = "slice_tier"
    static let sliceEdgeTypes = "slice_edge_types"
    static let catalogVersion = "catalog_version"

    static func get(_ name: String, in db: SQLiteConnection) throws -> String? {
        let statement = try db.cachedStatement("SELECT value FROM meta WHERE name = ?")
        defer { statement.reset() }
        try statement.bind([name])
        return try statement.step() ? statement.string(0) : nil
    }

    static func set(_ name: String, _ value: String?, in db: SQLiteConnection) throws {
        if let value {
            _ = try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES (?, ?)", name, value)
        } else {
            _ = try db.run("DELETE FROM meta WHERE name = ?", name)
        }
    }

    static func hydration(in db: SQLiteConnection) throws -> WorkingCopy.Hydration {
        try get(hydration, in: db).flatMap(WorkingCopy.Hydration.init(rawValue:)) ?? .never
    }

    /// Moves the catalog version on, after the catalog changed.
    static func bumpCatalogVersion(in db: SQLiteConnection) throws {
        let next = (try get(catalogVersion, in: db).flatMap(UInt64.init) ?? 0) + 1
        try set(catalogVersion, String(next), in: db)
    }

    /// The slice the store holds: types, tier, edge types held whole.
    static func slice(in db: SQLiteConnection) throws -> CopySlice? {
        guard let tier = try get(sliceTier, in: db).flatMap(SliceTier.init(rawValue:)) else { return nil }
        return CopySlice(
            types: JSONText.strings(try get(sliceTypes, in: db)), tier: tier,
            edgeTypes: JSONText.strings(try get(sliceEdgeTypes, in: db)))
    }
}

/// What a copy holds: types with their subtrees, a tier, edge types whole.
struct CopySlice: Sendable, Hashable {
    var types: [String]
    var tier: SliceTier
    var edgeTypes: [String]

    /// Whether an item of `type` and `tier` belongs in the slice.
    func holds(type: String, tier itemTier: Tier?, catalog: CopyCatalog) -> Bool {
        tier.holds(itemTier) && types.contains { catalog.type(type, isWithin: $0) }
    }
}
