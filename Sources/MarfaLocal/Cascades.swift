import Foundation
import MarfaSQLite
import MarfaTypes

/// Deletes, restores and purges along edge types' `cascade_on_delete` (shipped edge types
/// `orphan`):
///
/// - `cascade`: an item's delete takes the targets of its outgoing edges of that type to the bin
///   with it (and theirs, along further `cascade` edges), each marked `trashed_with` the item the
///   caller deleted; restoring that item brings them back (`restored_with`), purging it purges
///   them (`purged_with`).
/// - `block`: an item that is the source of such an edge cannot be deleted, nor taken by a
///   cascade: `409 conflict` naming the edge.
/// - `orphan`: the items at the other end stay as they are.
///
/// Items already in the bin are not taken again. The cascade reaches items whatever the caller's
/// reach over their types.
enum Cascades {
    /// The SQL condition on `edges AS e` keeping edges of registered types whose rule is `?`.
    private static let ruleJoin = """
        FROM edges AS e JOIN edge_types AS t ON t.id = e.edge_type
        WHERE json_extract(t.definition, '$.cascade_on_delete') = ?
        """

    /// The items `root`'s delete takes with it, nearest first, not counting `root`: targets of
    /// `cascade` edges that are not in the bin. `409 conflict` when `root` or one of them is the
    /// source of a `block` edge.
    static func taken(by root: ItemRecord, in db: SQLiteConnection) throws -> [ItemRecord] {
        var seen: Set<String> = [root.id]
        var taken: [ItemRecord] = []
        var frontier = [root.id]
        while !frontier.isEmpty {
            var next: [String] = []
            for source in frontier {
                try refuseIfBlocked(source, in: db)
                let rows = try db.query(
                    "SELECT e.target_id AS id \(ruleJoin) AND e.source_id = ? ORDER BY e.seq", "cascade", source)
                for row in rows {
                    guard let id = row.string("id"), seen.insert(id).inserted,
                        let item = try ItemRecord.find(id: id, in: db), item.state != "trashed"
                    else { continue }
                    taken.append(item)
                    next.append(id)
                }
            }
            frontier = next
        }
        return taken
    }

    /// `409 conflict` when `itemID` is the source of an edge whose type blocks deletes.
    private static func refuseIfBlocked(_ itemID: String, in db: SQLiteConnection) throws {
        guard
            let row = try db.first(
                "SELECT e.id AS id, e.edge_type AS type \(ruleJoin) AND e.source_id = ? LIMIT 1", "block", itemID)
        else { return }
        let edgeType = row.string("type") ?? ""
        throw LocalError.conflict(
            "conflict", "The item \(itemID) has a \(edgeType) edge, whose type blocks deletes; delete the edge first.",
            details: [
                "edge_id": .string(row.string("id") ?? ""), "edge_type": .string(edgeType), "item_id": .string(itemID),
            ])
    }

    /// Moves `root` to the bin, announced as `event` (`item.deleted`, or `item.state_changed`
    /// for a transition), then everything its delete takes, each as `item.deleted` marked
    /// `trashed_by_cascade` and `trashed_with`. Answers `root` as stored.
    @discardableResult
    static func trash(
        _ root: ItemRecord, announcedAs event: String, at now: Date, in db: SQLiteConnection
    ) throws -> ItemRecord {
        let others = try taken(by: root, in: db)
        var root = root
        root.state = "trashed"
        root.trashedWith = nil
        root.updatedAt = now
        try root.update(in: db)
        try EventLog.appendItem(event, root, at: now, in: db)
        for var item in others {
            item.state = "trashed"
            item.trashedWith = root.id
            item.updatedAt = now
            try item.update(in: db)
            try EventLog.appendItem(
                "item.deleted", item, marks: .init(trashedByCascade: true, trashedWith: root.id), at: now, in: db)
        }
        return root
    }

    /// Returns `root` from the bin to `active`, then the items its delete took, each as
    /// `item.restored` marked `restored_with`. Answers `root` as stored.
    static func restore(_ root: ItemRecord, at now: Date, in db: SQLiteConnection) throws -> ItemRecord {
        var root = root
        root.state = "active"
        root.trashedWith = nil
        root.updatedAt = now
        try root.update(in: db)
        try EventLog.appendItem("item.restored", root, at: now, in: db)
        for row in try db.query(
            "SELECT * FROM items WHERE trashed_with = ? AND state = 'trashed' ORDER BY seq", root.id)
        {
            var item = try ItemRecord(row: row)
            item.state = "active"
            item.trashedWith = nil
            item.updatedAt = now
            try item.update(in: db)
            try EventLog.appendItem("item.restored", item, marks: .init(restoredWith: root.id), at: now, in: db)
        }
        return root
    }

    /// Purges `root` and the items its delete took (each `item.purged` marked `purged_with`,
    /// `trashed_by_cascade` and `trashed_with`), every item's edges first (`LocalAPI.purge`).
    static func purge(_ root: ItemRecord, at now: Date, in db: SQLiteConnection) throws {
        let others = try db.query(
            "SELECT * FROM items WHERE trashed_with = ? AND state = 'trashed' ORDER BY seq", root.id)
        try LocalAPI.purge(root, at: now, in: db)
        for row in others {
            try LocalAPI.purge(
                try ItemRecord(row: row),
                marks: .init(trashedByCascade: true, trashedWith: root.id, purgedWith: root.id),
                at: now, in: db)
        }
    }
}
