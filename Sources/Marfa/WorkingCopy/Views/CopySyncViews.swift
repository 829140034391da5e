import MarfaDigest

/// Views: immediate server calls with an idempotency key, held in the store after.
extension CopySync {
    package func save(view settings: View.Settings, id: String?, baseVersion: Int64?) async throws -> View {
        let copyWire = CopyWire(server: try server())
        let key = UUIDv7.make()
        let wire: Components.Schemas.View
        if let id {
            let patch = Components.Schemas.ViewPatch(
                version: baseVersion ?? 0, name: settings.name, search: WireView.search(settings),
                sort: WireView.sort(settings),
                groupBy: settings.groupBy.map { .value($0) } ?? .null)
            wire = try await copyWire.save(view: patch, id: id, idempotencyKey: key)
        } else {
            let input = Components.Schemas.ViewInput(
                name: settings.name, search: WireView.search(settings), sort: WireView.sort(settings),
                groupBy: settings.groupBy.map { .value($0) })
            wire = try await copyWire.save(view: input, id: nil, idempotencyKey: key)
        }
        try await store.store(wireViews: [wire], replacingAll: false)
        feed.send(Change(origin: .refreshed(.views)))
        return WireView.view(wire)
    }

    package func delete(view id: String) async throws {
        try await CopyWire(server: try server()).delete(view: id, idempotencyKey: UUIDv7.make())
        try await store.removeView(id)
        feed.send(Change(origin: .refreshed(.views)))
    }
}
