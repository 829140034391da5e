/// The store's queue sent to its server. Writes a refused credential parked go again at the first
/// drain after the credential renewed (or the copy was given a key, or opened again): until then a
/// drain leaves them parked and sends nothing for them.
extension CopySync: CopyDrainer {
    package func drain() async throws -> DrainReport {
        let (report, expiry) = try await drainOnce()
        feed.announce(report)
        if let expiry { throw expiry }
        return report
    }

    private func drainOnce() async throws(MarfaError) -> (DrainReport, MarfaError?) {
        let server = try server()
        return try await exclusively { () async throws(MarfaError) -> (DrainReport, MarfaError?) in
            let renewals = server.credentials.renewals
            if parkedUnder.withLock({ $0.map { renewals > $0 } ?? true }) { _ = try await store.releaseParked() }
            let (report, expiry) = try await QueueDrain(
                sender: WriteSender(server: server), wire: CopyWire(server: server), store: store
            ).run()
            if report.stopped != nil { parkedUnder.withLock { $0 = server.credentials.renewals } }
            return (report, expiry)
        }
    }

    package func withdraw(_ id: String) async throws -> Bool {
        let wire = CopyWire(server: try server())
        return try await exclusively { () async throws(MarfaError) -> Bool in
            guard let write = try await store.heldQueue().first(where: { $0.id == id }) else {
                throw SQLiteCopyStore.unknownWrite(id)
            }
            switch write.verdict {
            case .blocked(.ancestorUnavailable, _)?, .blocked(.conflictUnresolved, _)?: break
            default: return false
            }
            try await store.remove(write: id)
            if let item = write.itemId {
                try await store.reset(itemId: item, to: try await wire.item(id: item, view: try await store.heldView()))
            }
            feed.send(Change(origin: .refreshed(.withdrawn), itemId: write.itemId))
            return true
        }
    }
}
