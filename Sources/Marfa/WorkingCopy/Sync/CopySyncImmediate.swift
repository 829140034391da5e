import Foundation
import MarfaDigest

/// The calls that go to the server at once and are never queued.
extension CopySync {
    /// Purges the trashed item `id` for good, then drops it from the store.
    func purge(_ id: String) async throws(MarfaError) {
        let server = try server()
        try await exclusively { () async throws(MarfaError) in
            guard
                try await store.heldQueue().contains(where: {
                    $0.verdict == nil && ($0.itemId == id || $0.targetId == id)
                }) == false
            else {
                throw .invalid(message: "A write to \(id) waits in the queue; drain or discard it before purging.")
            }
            try await CopyWire(server: server).purge(id: id, idempotencyKey: UUIDv7.make())
            try await store.dropCreated(itemId: id, edgeId: nil)
            feed.send(Change(origin: .refreshed(.purged), itemId: id))
        }
    }

    /// One page of the bin, straight from the server.
    func bin(type: String?, after cursor: String?, limit: Int, catalog: CopyCatalog) async throws(MarfaError) -> BinPage
    {
        let view = try await store.heldView()
        let page = try await CopyWire(server: try server()).binPage(
            type: type, cursor: cursor, limit: limit, view: view)
        let rows = page.rows.map { ItemRow($0.item, metadata: $0.metadata, listed: $0.listed) }
        let items = rows.map { row in
            let properties = JSONText.object(row.properties)
            let display = catalog.display(type: row.type, properties: properties)
            return Item(
                id: row.id, type: row.type, properties: properties, state: ItemState(rawValue: row.state) ?? .trashed,
                tier: row.tier.flatMap(Tier.init(rawValue:)), version: row.version, schemaVersion: row.schemaVersion,
                source: row.source,
                sourceId: row.sourceId, occurredAt: Date(timeIntervalSince1970: row.occurredAt),
                createdAt: Date(timeIntervalSince1970: row.createdAt),
                updatedAt: Date(timeIntervalSince1970: row.updatedAt),
                tags: row.tags, title: display.title, body: display.body)
        }
        return BinPage(items: items, nextCursor: page.cursor)
    }
}
