import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// A `PATCH /items/{id}` on an older base version than the item's.
///
/// - A base with no snapshot (never issued, or not kept) is `409 ancestor_unavailable` with
///   `current` and `requested_version`.
/// - A field collides when both the write and the item changed it since the base, to different
///   values: properties the write names, and `tier`, `occurred_at` (the item's `timestamp`) and
///   `source_id`. Without collisions the write merges over the newer version.
/// - Collisions are `409 version_conflict` with `current`, `ancestor`, `conflicting_fields` and the
///   type's resolved `merge_policy`, unless the write asked for `conflict=auto` and does not retype:
///   then each colliding property is settled by the policy (a field's own strategy, else the
///   default, else `last_writer_wins`). `last_writer_wins` takes the write's value;
///   `keep_both_copies` keeps the item's and puts the write's in a sibling item tagged
///   `conflicted-copy`, joined to the item by a `derived-from` edge from the sibling. `tier`,
///   `occurred_at` and `source_id` always take the write's value.
struct StaleWrite {
    /// The fields both sides changed since the base, sorted.
    let colliding: [String]
    /// The base's snapshot row.
    let ancestor: SQLiteRow

    /// Reads the base of `patch` against `item`, whose properties the write makes `properties`.
    init(
        _ patch: Components.Schemas.ItemPatch, item: ItemRecord, properties: OpenAPIObject,
        in db: SQLiteConnection
    ) throws {
        guard patch.version < item.version,
            let row = try db.first(
                "SELECT * FROM item_snapshots WHERE item_id = ? AND version = ?", item.id, patch.version)
        else {
            var refusal = LocalError.conflict(
                "ancestor_unavailable", "Version \(patch.version) of the item is not available to merge from.")
            refusal.extra = ["current": item.json, "requested_version": .int(patch.version)]
            throw refusal
        }
        ancestor = row
        let base = try StoredJSON.decode(OpenAPIObject.self, row.string("properties"))
        var colliding = Set(
            (patch.properties ?? [:]).keys.filter {
                base[$0] != properties[$0] && base[$0] != item.properties[$0] && properties[$0] != item.properties[$0]
            })
        func collides<T: Equatable>(_ name: String, base: T?, ours: T?, theirs: T?) {
            guard let ours, ours != base, theirs != base, ours != theirs else { return }
            colliding.insert(name)
        }
        collides("tier", base: row.string("tier"), ours: patch.tier?.rawValue, theirs: item.tier)
        collides(
            "occurred_at", base: row.double("occurred_at"), ours: patch.timestamp?.stored, theirs: item.timestamp.stored
        )
        collides("source_id", base: row.string("source_id"), ours: patch.sourceId, theirs: item.sourceID)
        self.colliding = colliding.sorted()
    }

    /// `409 version_conflict` for these collisions on `item`, with `policy` resolved for its type.
    func refusal(base: Int64, item: ItemRecord, policy: Components.Schemas.MergePolicy?) throws -> LocalError {
        var refusal = LocalError.conflict(
            "version_conflict", "The item changed since version \(base): \(colliding.joined(separator: ", ")).")
        refusal.extra = [
            "current": item.json,
            "ancestor": try Self.json(try SnapshotRow.wire(ancestor)),
            "conflicting_fields": .array(colliding.map { .string($0) }),
        ]
        if let policy { refusal.extra["merge_policy"] = try Self.json(policy) }
        return refusal
    }

    /// Settles the collisions by `policy`: a `keep_both_copies` property gets the item's value
    /// (`server`) back in `properties`. Answers the resolution (without the copy's id) and the
    /// write's values of the properties it lost.
    func resolve(
        by policy: Components.Schemas.MergePolicy?, properties: inout OpenAPIObject,
        server: OpenAPIObject
    ) -> (Components.Schemas.ConflictResolution, losing: OpenAPIObject) {
        var strategies: [String: Components.Schemas.MergeStrategy] = [:]
        var losing: OpenAPIObject = [:]
        for field in colliding {
            let isProperty = !Self.itemFields.contains(field)
            var strategy = policy?.fields?.additionalProperties[field] ?? policy?._default ?? .lastWriterWins
            if !isProperty || strategy != .keepBothCopies { strategy = .lastWriterWins }
            strategies[field] = strategy
            if strategy == .keepBothCopies {
                losing[field] = properties[field] ?? .null
                properties[field] = server[field]
            }
        }
        return (.init(fields: colliding, strategy: .init(additionalProperties: strategies)), losing)
    }

    /// The collisions that are item fields rather than properties.
    static let itemFields: Set<String> = ["tier", "occurred_at", "source_id"]

    /// Writes the sibling of `item` (as stored after the write) holding the `losing` values,
    /// tagged `conflicted-copy`, with a `derived-from` edge from it to `item`; answers its id.
    static func writeConflictedCopy(
        of item: ItemRecord, losing: OpenAPIObject, at now: Date, in db: SQLiteConnection
    ) throws -> String {
        var properties = item.properties
        for (name, value) in losing { properties[name] = value == .null ? nil : value }
        var copy = ItemRecord(
            id: Identifiers.uuidV7(at: now), type: item.type, properties: properties, state: "active", tier: item.tier,
            source: item.source, sourceID: nil, timestamp: item.timestamp, now: now, tags: ["conflicted-copy"])
        copy.device = item.device
        try copy.insert(in: db)
        try EventLog.appendItem("item.created", copy, at: now, in: db)
        var edge = EdgeRecord(
            id: Identifiers.uuidV7(at: now), edgeType: "derived-from", sourceID: copy.id, targetID: item.id,
            properties: [:],
            now: now)
        try edge.insert(in: db)
        try EventLog.appendEdge("edge.created", edge: edge.json, sourceType: copy.type, at: now, in: db)
        return copy.id
    }

    private static func json(_ value: some Encodable) throws -> OpenAPIValue {
        try JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(value))
    }
}
