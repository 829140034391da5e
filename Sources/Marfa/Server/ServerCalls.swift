import Foundation

extension Server {
    /// The instance's name, ID, build and contract, read without the key.
    public func instanceDescription(
        timeout: Duration = Server.defaultTimeout
    ) async throws
        -> InstanceDescription
    {
        let wire = try await call(timeout: timeout) { try await $0.getInstance().ok.body.json }
        return try InstanceDescription(wire)
    }

    /// One page of an item's earlier versions, oldest first.
    ///
    /// Pass the previous page's `next` as `after` for the next page, and stop only when `next` is nil:
    /// a page can be short, or empty, with more to follow. `limit` is 1 to 200, checked before
    /// anything is sent; without one, the server's default applies. An item in the bin, or of a type
    /// the key doesn't reach, throws `notFound`.
    public func snapshots(
        ofItem id: String, after: Int64? = nil, limit: Int? = nil, timeout: Duration = Server.defaultTimeout
    ) async throws -> ItemSnapshotPage {
        guard !id.isEmpty else { throw MarfaError.invalid(message: "The item ID is empty.") }
        if let limit, !(1...200).contains(limit) {
            throw MarfaError.invalid(message: "A page holds 1 to 200 snapshots; \(limit) was asked for.")
        }
        if let after, after < 0 {
            throw MarfaError.invalid(message: "`after` is a version, 0 or more; it was \(after).")
        }
        let query = Operations.ListItemVersions.Input.Query(after: after, limit: limit)
        let wire = try await call(timeout: timeout) { [query] in
            try await $0.listItemVersions(path: .init(id: id), query: query).ok.body.json
        }
        return ItemSnapshotPage(wire)
    }

    /// The instance's settings. It needs `config.manage`.
    public func config(timeout: Duration = Server.defaultTimeout) async throws -> InstanceConfig {
        let wire = try await call(timeout: timeout) { try await $0.getSpaceConfig().ok.body.json }
        return InstanceConfig(wire)
    }

    /// Changes the settings `patch` sets, and returns the settings as stored. It needs `config.manage`.
    ///
    /// With `expecting:` an instance ID (`InstanceConfig.instanceID`), a change that reaches another
    /// instance at this address throws `instanceChanged` and changes nothing.
    public func updateConfig(
        _ patch: InstanceConfigPatch, expecting instanceID: String? = nil, timeout: Duration = Server.defaultTimeout
    ) async throws -> InstanceConfig {
        let body = patch.wire(expecting: instanceID)
        let wire = try await call(timeout: timeout) {
            try await $0.updateSpaceConfig(headers: .init(idempotencyKey: Self.idempotencyKey()), body: .json(body))
                .ok.body.json
        }
        return InstanceConfig(wire)
    }

    /// Sets the owner's icon for a type (an Iconify ID such as `lucide:scale`), or with nil removes
    /// it so the author's icon shows again, and returns the icon the type resolves to now.
    ///
    /// It needs `schema.write` and write on the type (else `forbidden`); an ID outside the pinned
    /// icon sets throws `validation` with the code `invalid_schema`. `expecting:` works as in
    /// `updateConfig(_:expecting:)`.
    @discardableResult
    public func setTypeIcon(
        _ icon: String?, ofType type: String, expecting instanceID: String? = nil,
        timeout: Duration = Server.defaultTimeout
    ) async throws -> String? {
        guard !type.isEmpty else { throw MarfaError.invalid(message: "The type ID is empty.") }
        let body = Components.Schemas.TypeIconInput(icon: icon, instanceId: instanceID)
        let wire = try await call(timeout: timeout) {
            try await $0.setTypeIcon(
                path: .init(id: type), headers: .init(idempotencyKey: Self.idempotencyKey()), body: .json(body)
            ).ok.body.json
        }
        return wire.icon
    }

    /// A fresh key for a write, so the server answers a repeat of it from its record.
    static func idempotencyKey() -> String { RandomUUID.make() }
}
