import Foundation
import MarfaSQLite

/// Where a copy stands in the instance's events.
struct SyncPosition: Sendable {
    var cursor: String?
    var readView: String?
    var instanceID: String?
    var hydration: WorkingCopy.Hydration
    var expiredReason: String?
    var slice: CopySlice?
}

/// An event frame of the copy stream with its id, as the store applies it.
struct AppliedEvent: Sendable {
    var frame: Components.Schemas.EventFrame
    var id: String
}

/// What applying one event did.
enum EventOutcome: Sendable {
    /// The store changed.
    case applied(Change)
    /// The event was older than the row held, the same as it, or of a kind this build doesn't
    /// know; only the cursor moved.
    case skipped
    /// The event touched nothing the copy holds; only the cursor moved.
    case passed
    /// An item entered the slice: its edges must be read too.
    case entered(Change)
}

/// The store's side of a catch-up: the events that arrived together applied with the cursor in one transaction.
extension SQLiteCopyStore {
    /// The read view of a complete copy, which its reads outside a hydration or catch-up carry;
    /// nil before the first hydration and once the copy expired.
    func heldView() async throws(MarfaError) -> String? {
        let position = try await syncPosition()
        return position.hydration == .complete ? position.readView : nil
    }

    func syncPosition() async throws(MarfaError) -> SyncPosition {
        try await read { db in
            SyncPosition(
                cursor: try CopyStoreMeta.get(CopyStoreMeta.cursor, in: db),
                readView: try CopyStoreMeta.get(CopyStoreMeta.readView, in: db),
                instanceID: try CopyStoreMeta.get(CopyStoreMeta.instanceID, in: db),
                hydration: try CopyStoreMeta.hydration(in: db),
                expiredReason: try CopyStoreMeta.get(CopyStoreMeta.expiredReason, in: db),
                slice: try CopyStoreMeta.slice(in: db))
        }
    }

    /// Applies `events` in order, each with its id, and moves the cursor to the last, in one
    /// transaction: all of them land, with their journal entries, or none does.
    func apply(
        _ events: [AppliedEvent], slice: CopySlice, catalog: CopyCatalog
    ) async throws(MarfaError) -> [EventOutcome] {
        guard let last = events.last else { return [] }
        return try await write { db in
            var outcomes: [EventOutcome] = []
            outcomes.reserveCapacity(events.count)
            for event in events {
                let outcome = try Self.outcome(of: event.frame, cursor: event.id, slice: slice, catalog: catalog, db)
                switch outcome {
                case .applied(let change), .entered(let change): try CopyStoreJournal.append(change, in: db)
                case .skipped, .passed: break
                }
                outcomes.append(outcome)
            }
            try CopyStoreMeta.set(CopyStoreMeta.cursor, last.id, in: db)
            return outcomes
        }
    }

    /// Moves the cursor forward to `cursor` (a `stream_live` marker), never back.
    func advance(to cursor: String) async throws(MarfaError) {
        try await write { db in
            let held = try CopyStoreMeta.get(CopyStoreMeta.cursor, in: db).flatMap(Int64.init) ?? 0
            if let next = Int64(cursor), next > held { try CopyStoreMeta.set(CopyStoreMeta.cursor, cursor, in: db) }
        }
    }

    /// Marks the copy expired for `reason`: the cursor is dropped, rows and queue kept.
    func expire(reason: String) async throws(MarfaError) {
        try await write { db in
            try CopyStoreMeta.set(CopyStoreMeta.hydration, WorkingCopy.Hydration.expired.rawValue, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.expiredReason, reason, in: db)
            try CopyStoreMeta.set(CopyStoreMeta.cursor, nil, in: db)
        }
    }

    private static func outcome(
        of frame: Components.Schemas.EventFrame, cursor: String, slice: CopySlice, catalog: CopyCatalog,
        _ db: SQLiteConnection
    ) throws -> EventOutcome {
        switch frame {
        case .itemEventFrame(let event):
            return try applyItem(
                event.eventType.rawValue, event.item, metadata: event.metadata, listed: event.listed,
                cursor: cursor, slice: slice, catalog: catalog, db)
        case .metadataEventFrame(let event):
            guard try holds(event.item.id, db) else { return .passed }
            try CopyStoreRows.replaceTags(of: event.item.id, with: event.metadata.tags, in: db)
            _ = try db.run(
                "UPDATE items SET tags = ?, extensions = ? WHERE id = ?", JSONText.encode(event.metadata.tags),
                JSONText.encode(event.metadata.extensions), event.item.id)
            return .applied(Change(origin: .server(event: "metadata.changed", cursor: cursor), itemId: event.item.id))
        case .edgeEventFrame(let event):
            return try applyEdge(event.eventType.rawValue, event.edge, cursor: cursor, slice: slice, db)
        case .unknown:
            return .skipped
        default:
            return .passed
        }
    }

    private static func applyItem(
        _ event: String, _ item: Components.Schemas.Item, metadata: Components.Schemas.ItemMetadata?, listed: Bool?,
        cursor: String, slice: CopySlice, catalog: CopyCatalog, _ db: SQLiteConnection
    ) throws -> EventOutcome {
        let change = Change(origin: .server(event: event, cursor: cursor), itemId: item.id)
        let heldVersion = try db.first("SELECT version FROM items WHERE id = ?", item.id)?.int64("version")
        let pinned = try db.first("SELECT 1 FROM pins WHERE item_id = ?", item.id) != nil
        let whole = Set(slice.edgeTypes)
        if event == "item.purged" {
            guard heldVersion != nil else { return .passed }
            try CopyStoreRows.evict(item.id, keepingEdgesOf: [], in: db)
            return .applied(change)
        }
        if let heldVersion, heldVersion > item.version { return .skipped }
        guard pinned || slice.holds(type: item._type, tier: item.tier.flatMap(Tier.init), catalog: catalog) else {
            guard heldVersion != nil else { return .passed }
            try CopyStoreRows.evict(item.id, keepingEdgesOf: whole, in: db)
            return .applied(change)
        }
        let row = ItemRow(item, metadata: metadata, listed: listed)
        if heldVersion == item.version, try CopyStoreRows.holdsUnchanged(row, withMetadata: metadata != nil, in: db) {
            return .skipped  // the row held already: an echo of this copy's own answered write
        }
        try CopyStoreRows.upsert(row, withMetadata: metadata != nil, in: db)
        return heldVersion == nil && event != "item.created" ? .entered(change) : .applied(change)
    }

    private static func applyEdge(
        _ event: String, _ edge: Components.Schemas.Edge, cursor: String, slice: CopySlice, _ db: SQLiteConnection
    ) throws -> EventOutcome {
        let change = Change(origin: .server(event: event, cursor: cursor), itemId: edge.sourceId, edgeId: edge.id)
        let heldVersion = try db.first("SELECT version FROM edges WHERE id = ?", edge.id)?.int64("version")
        if event == "edge.deleted" {
            guard heldVersion != nil else { return .passed }
            _ = try db.run("DELETE FROM edges WHERE id = ?", edge.id)
            return .applied(change)
        }
        if let heldVersion, heldVersion > edge.version { return .skipped }
        let kept = try slice.edgeTypes.contains(edge.edgeType) || holds(edge.sourceId, db) || holds(edge.targetId, db)
        guard kept else {
            guard heldVersion != nil else { return .passed }
            _ = try db.run("DELETE FROM edges WHERE id = ?", edge.id)
            return .applied(change)
        }
        try CopyStoreRows.upsert(edge, in: db)
        return .applied(change)
    }

    /// Stores edges read for an item that entered the slice.
    func storeEntered(edges: [Components.Schemas.Edge]) async throws(MarfaError) {
        try await write { db in
            for edge in edges { try CopyStoreRows.upsert(edge, in: db) }
        }
    }
}
