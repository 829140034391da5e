extension CopySync {
    /// Holds `id` outside the slice: reads it from the server and keeps it through hydrations.
    func pin(_ id: String) async throws(MarfaError) -> PinReport {
        let wire = CopyWire(server: try server())
        return try await exclusively { () async throws(MarfaError) -> PinReport in
            let view = try await store.syncPosition().readView
            guard let detail = try await wire.item(id: id, view: view) else {
                if try await store.holdsInBin(id) {
                    throw .notFound(code: "trashed", message: "The item \(id) is in the bin, so it can't be pinned.")
                }
                throw .notFound(code: "not_found", message: "The server holds no item \(id) this key can read.")
            }
            if detail.item.state == .trashed {
                throw .notFound(code: "trashed", message: "The item \(id) is in the bin, so it can't be pinned.")
            }
            let was = try await store.pin(id, detail: detail)
            feed.send(Change(origin: .refreshed(.pinned), itemId: id))
            return PinReport(pinned: true, wasPinned: was)
        }
    }

    /// Lets go of `id`; its row goes unless the slice holds it.
    func unpin(_ id: String) async throws(MarfaError) -> PinReport {
        guard store.handle == .writer else { throw WorkingCopy.readingHandleError }
        let was = try await store.unpin(id)
        if was { feed.send(Change(origin: .refreshed(.unpinned), itemId: id)) }
        return PinReport(pinned: false, wasPinned: was)
    }
}
