/// Views: immediate server calls with an idempotency key, held in the store after.
extension CopySync {
    package func save(view settings: View.Settings, id: String?, baseVersion: Int64?) async throws -> View {
        let server = try server()
        let key = UUIDv7.make()
        let wire: Components.Schemas.View
        if let id {
            let patch = Components.Schemas.ViewPatch(
                version: baseVersion ?? 0, name: settings.name, search: WireView.search(settings), sort: WireView.sort(settings),
                groupBy: settings.groupBy.map { .value($0) } ?? .null)
            wire = try await server.call(timeout: Server.defaultTimeout) {
                try await $0.updateView(path: .init(id: id), headers: .init(idempotencyKey: key), body: .json(patch)).ok.body.json.view
            }
        } else {
            let input = Components.Schemas.ViewInput(
                name: settings.name, search: WireView.search(settings), sort: WireView.sort(settings), groupBy: settings.groupBy.map { .value($0) })
            wire = try await server.call(timeout: Server.defaultTimeout) {
                try await $0.createView(headers: .init(idempotencyKey: key), body: .json(input)).created.body.json.view
            }
        }
        try await store.store(wireViews: [wire], replacingAll: false)
        feed.send(Change(origin: .refreshed(.views)))
        return WireView.view(wire)
    }

    package func delete(view id: String) async throws {
        let server = try server()
        _ = try await server.call(timeout: Server.defaultTimeout) {
            try await $0.deleteView(path: .init(id: id), headers: .init(idempotencyKey: UUIDv7.make())).ok
        }
        try await store.removeView(id)
        feed.send(Change(origin: .refreshed(.views)))
    }
}
