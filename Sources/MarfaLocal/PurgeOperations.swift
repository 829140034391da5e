import Foundation
import MarfaSQLite
import MarfaTypes

/// `DELETE /items/{id}/purge`: removes an item in the bin for good, with its edges (each sent as
/// `edge.deleted` with `purged_with`, before the item's `item.purged`), extensions and snapshots,
/// and the items its delete took along `cascade` edge types (`Cascades.purge`). Needs
/// `items.purge` and write on the type; an item not in the bin is `400 invalid_transition`.
extension LocalAPI {
    func purgeItem(_ input: Operations.PurgeItem.Input) async throws -> Operations.PurgeItem.Output {
        let key = try RequestContext.current.require("items.purge")
        let now = clock.now
        try await write { db in
            guard let item = try ItemRecord.find(id: input.path.id, in: db), key.typeLevel(item.type) >= .read else {
                throw LocalError.notFound("item_not_found", "No item \(input.path.id).")
            }
            try requireWrite(item.type, by: key)
            guard item.state == "trashed" else {
                throw LocalError(
                    400, "invalid_transition", "Only an item in the bin can be purged; this one is \(item.state).")
            }
            try Cascades.purge(item, at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    /// Removes `item` and everything beside it, emitting (at `now`) the events a purge sends, the
    /// item's carrying a cascade's `marks`.
    static func purge(
        _ item: ItemRecord, marks: EventLog.CascadeMarks = .init(), at now: Date, in db: SQLiteConnection
    ) throws {
        for row in try db.query(
            "SELECT * FROM edges WHERE source_id = ? OR target_id = ? ORDER BY seq", item.id, item.id)
        {
            let edge = try EdgeRecord(row: row)
            let sourceType =
                edge.sourceID == item.id
                ? item.type : (try ItemRecord.find(id: edge.sourceID, in: db)?.type ?? item.type)
            try edge.delete(in: db)
            try EventLog.appendEdge(
                "edge.deleted", edge: edge.json, sourceType: sourceType, purgedWith: item.id, at: now, in: db)
        }
        try EventLog.appendItem("item.purged", item, marks: marks, at: now, in: db)
        try db.run("DELETE FROM item_extensions WHERE item_id = ?", item.id)
        try db.run("DELETE FROM item_snapshots WHERE item_id = ?", item.id)
        try db.run("DELETE FROM items WHERE id = ?", item.id)
    }
}
