import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Minting keys.
enum KeyOperations {
    /// Mints the owner's key at `date`: an instance admin holding every permission and every type.
    static func mintOwnerKey(
        label: String, source: String, at date: Date, in db: SQLiteConnection
    ) throws -> (record: KeyRecord, plaintext: String) {
        let plaintext = Identifiers.apiKey()
        let record = KeyRecord(
            id: Identifiers.uuidV7(at: date), label: label, source: source, role: "instance_admin",
            defaultTier: "library",
            isPlatform: false, isOwner: true, grants: .everything, createdBy: nil, createdAt: date)
        try record.insert(plaintext: plaintext, in: db)
        try AuditLog.record(
            "key.create", resourceType: "api_key", resourceID: record.id, details: ["owner": .bool(true)], at: date,
            in: db)
        return (record, plaintext)
    }

    static func stringMap<V: RawRepresentable>(_ map: [String: V]?) -> [String: String]? where V.RawValue == String {
        map?.mapValues(\.rawValue)
    }

    /// The first entry of `requested` beyond what `caller` holds in `held`, if any.
    static func excess(_ requested: [String: String], beyond held: [String: String], callerIsAdmin: Bool) -> String? {
        guard !callerIsAdmin else { return nil }
        for (name, level) in requested.sorted(by: { $0.key < $1.key }) {
            let wanted = AccessLevel(level)
            if wanted > KeyRecord.level(of: name, in: held) { return "\(name):\(level)" }
        }
        return nil
    }

    static let validLevels: Set<String> = ["read", "write", "none"]

    /// `403 forbidden` for a permission `caller` lacks, `400 validation_error` for one unknown;
    /// the same checks for minting and changing a key.
    static func checkPermissions(_ permissions: [String], grantedBy caller: KeyRecord) throws {
        if let missing = permissions.first(where: { !caller.has($0) }) {
            throw LocalError.forbidden(
                "This key cannot grant \(missing), which it lacks.", details: ["required_scope": .string(missing)])
        }
        if let unknown = permissions.first(where: { !Permission.all.contains($0) }) {
            throw LocalError.validation("Unknown permission \(unknown).")
        }
    }

    /// `400 validation_error` for an unknown access level in `requested` (the map `field`), and
    /// `403 forbidden` for a level beyond what the caller holds in `held`.
    static func checkLevels(
        _ requested: [String: String], field: String, held: [String: String], caller: KeyRecord
    ) throws {
        if let bad = requested.values.first(where: { !validLevels.contains($0) }) {
            throw LocalError.validation("\(field) holds the unknown level \(bad).")
        }
        if let excess = excess(requested, beyond: held, callerIsAdmin: caller.isAdmin) {
            throw LocalError.forbidden(
                "This key cannot grant \(excess), beyond its own reach.", details: ["required_scope": .string(excess)])
        }
    }
}

extension KeyOperations {
    /// The grants of a key `caller` mints from `body`: the caller's own, each part the body names
    /// replaced by what it asks, which must be within the caller's reach.
    static func grants(asked body: Components.Schemas.KeyInput, by caller: KeyRecord) throws -> KeyRecord.Grants {
        var grants = caller.grants
        if let permissions = body.permissions?.map(\.rawValue) {
            try checkPermissions(permissions, grantedBy: caller)
            grants.permissions = permissions
        }
        try setPermissionMaps(
            type: body.typePermissions?.additionalProperties.mapValues(\.rawValue),
            extension: body.extensionPermissions?.additionalProperties.mapValues(\.rawValue),
            edge: body.edgePermissions?.additionalProperties.mapValues(\.rawValue),
            metadata: body.metadataPermissions?.additionalProperties.mapValues(\.rawValue), on: &grants, by: caller)
        if let sources = body.sources { try checkSources(sources, grantableBy: caller) }
        grants.sources = body.sources ?? []
        if let override = body.enforcementOverride { grants.enforcementOverride = override }
        return grants
    }

    /// Sets on `grants` each permission map asked for (type, extension, edge, metadata, in that
    /// order), each within `caller`'s reach.
    static func setPermissionMaps(
        type: [String: String]?, extension: [String: String]?, edge: [String: String]?,
        metadata: [String: String]?, on grants: inout KeyRecord.Grants, by caller: KeyRecord
    ) throws {
        let maps: [(String, [String: String]?, WritableKeyPath<KeyRecord.Grants, [String: String]>)] = [
            ("type_permissions", type, \.typePermissions),
            ("extension_permissions", `extension`, \.extensionPermissions),
            ("edge_permissions", edge, \.edgePermissions), ("metadata_permissions", metadata, \.metadataPermissions),
        ]
        for (field, requested, path) in maps {
            guard let requested else { continue }
            try checkLevels(requested, field: field, held: caller.grants[keyPath: path], caller: caller)
            grants[keyPath: path] = requested
        }
    }

    /// Throws `forbidden` naming the first of `sources` that `caller` (not an instance admin) does not claim.
    static func checkSources(_ sources: [String], grantableBy caller: KeyRecord) throws {
        if !caller.isAdmin, let unclaimed = sources.first(where: { !caller.claims(source: $0) }) {
            throw LocalError.forbidden(
                "This key cannot grant the source \(unclaimed).", details: ["source": .string(unclaimed)])
        }
    }
}

extension LocalAPI {
    func createKey(_ input: Operations.CreateKey.Input) async throws -> Operations.CreateKey.Output {
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let caller = RequestContext.current.key
        guard !body.label.isEmpty, !body.source.isEmpty, body.source.count <= 200 else {
            throw LocalError.validation("label and source must not be empty; source is at most 200 characters.")
        }
        let now = clock.now
        let (record, plaintext) = try await write { db -> (KeyRecord, String) in
            guard let caller else {
                // Bootstrap: no key exists, so this one is the owner's.
                guard try db.first("SELECT 1 FROM api_keys LIMIT 1") == nil else { throw LocalError.unauthorized() }
                return try KeyOperations.mintOwnerKey(label: body.label, source: body.source, at: now, in: db)
            }
            guard caller.has("keys.mint") else {
                throw LocalError.forbidden(
                    "This key lacks the permission keys.mint.", details: ["required_scope": "keys.mint"])
            }
            let role = body.role?.rawValue ?? "member"
            guard let rank = KeyRecord.roleRanks[role] else { throw LocalError.validation("Unknown role \(role).") }
            guard rank <= caller.roleRank else {
                throw LocalError.forbidden(
                    "A key cannot mint a role above its own.", details: ["required_scope": .string("role:\(role)")])
            }
            let grants = try KeyOperations.grants(asked: body, by: caller)
            if try db.first("SELECT 1 FROM api_keys WHERE source = ? AND revoked_at IS NULL", body.source) != nil {
                throw LocalError.conflict(
                    "conflict", "Another key already owns the source \(body.source).",
                    details: ["source": .string(body.source)])
            }
            let plaintext = Identifiers.apiKey()
            let record = KeyRecord(
                id: Identifiers.uuidV7(at: now), label: body.label, source: body.source, role: role,
                defaultTier: body.defaultTier?.rawValue ?? "library", isPlatform: body.isPlatform ?? false,
                isOwner: false,
                grants: grants, createdBy: caller.id, createdAt: now)
            try record.insert(plaintext: plaintext, in: db)
            try AuditLog.record(
                "key.create", resourceType: "api_key", resourceID: record.id, details: ["label": .string(record.label)],
                at: now,
                in: db)
            return (record, plaintext)
        }
        return .created(
            .init(headers: .init(xMarfaContract: Self.contract), body: .json(record.wire(plaintext: plaintext))))
    }

    /// The keys `caller` may see and change: every key for an instance admin, else itself and the
    /// keys it minted.
    func reachable(_ key: KeyRecord, by caller: KeyRecord) -> Bool {
        caller.isAdmin || key.id == caller.id || key.createdBy == caller.id
    }

    func listKeys(_ input: Operations.ListKeys.Input) async throws -> Operations.ListKeys.Output {
        let caller = try RequestContext.current.require("keys.mint")
        let keys = try await read {
            try $0.query("SELECT * FROM api_keys WHERE revoked_at IS NULL ORDER BY created_at, id").map(
                KeyRecord.init(row:))
        }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(.init(keys: keys.filter { reachable($0, by: caller) }.map { $0.wire() }))))
    }

    /// `GET /keys/current`: the calling key as stored; an OAuth access token is not a key and is
    /// `403 forbidden`.
    func getCurrentKey(_ input: Operations.GetCurrentKey.Input) async throws -> Operations.GetCurrentKey.Output {
        let key = try RequestContext.current.requireKey()
        guard !key.isApp else {
            throw LocalError.forbidden("An OAuth access token is not a key; GET /keys/current reads keys only.")
        }
        let fresh = try await read { try KeyRecord.find(id: key.id, in: $0) } ?? key
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(fresh.wire())))
    }

    func updateKey(_ input: Operations.UpdateKey.Input) async throws -> Operations.UpdateKey.Output {
        let caller = try RequestContext.current.require("keys.mint")
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let updated = try await write { db -> KeyRecord in
            guard var key = try KeyRecord.find(id: input.path.id, in: db), key.revokedAt == nil,
                reachable(key, by: caller)
            else {
                throw LocalError.notFound("api_key_not_found", "No key \(input.path.id).")
            }
            let before = key.grants
            if let label = patch.label {
                guard !label.isEmpty else { throw LocalError.validation("label must not be empty.") }
                key.label = label
            }
            if let tier = patch.defaultTier { key.defaultTier = tier.rawValue }
            if let permissions = patch.permissions?.map(\.rawValue) {
                try KeyOperations.checkPermissions(permissions, grantedBy: caller)
                key.grants.permissions = permissions
            }
            if let sources = patch.sources {
                try KeyOperations.checkSources(sources, grantableBy: caller)
                key.grants.sources = sources
            }
            try KeyOperations.setPermissionMaps(
                type: patch.typePermissions?.additionalProperties.mapValues(\.rawValue),
                extension: patch.extensionPermissions?.additionalProperties.mapValues(\.rawValue),
                edge: patch.edgePermissions?.additionalProperties.mapValues(\.rawValue),
                metadata: patch.metadataPermissions?.additionalProperties.mapValues(\.rawValue), on: &key.grants,
                by: caller)
            switch patch.enforcementOverride {
            case .none: break
            case .some(.null): key.grants.enforcementOverride = nil
            case .some(.value(let value)): key.grants.enforcementOverride = value
            }
            try key.update(in: db)
            if ReadViews.narrows(before, to: key.grants) { try ReadViews.change("key.narrow", at: now, in: db) }
            try AuditLog.record("key.update", resourceType: "api_key", resourceID: key.id, at: now, in: db)
            return key
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(updated.wire())))
    }

    func revokeKey(_ input: Operations.RevokeKey.Input) async throws -> Operations.RevokeKey.Output {
        let caller = try RequestContext.current.requireKey()
        try await write { db in
            guard let key = try KeyRecord.find(id: input.path.id, in: db), key.revokedAt == nil,
                key.id == caller.id || (caller.has("keys.mint") && reachable(key, by: caller))
            else {
                if key(input.path.id, isVisibleTo: caller, in: db) && !caller.has("keys.mint") {
                    throw LocalError.forbidden(
                        "This key lacks the permission keys.mint.", details: ["required_scope": "keys.mint"])
                }
                throw LocalError.notFound("api_key_not_found", "No key \(input.path.id).")
            }
            let now = clock.now
            try db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ?", now.stored, key.id)
            try AuditLog.record("key.revoke", resourceType: "api_key", resourceID: key.id, at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    private func key(_ id: String, isVisibleTo caller: KeyRecord, in db: SQLiteConnection) -> Bool {
        (try? KeyRecord.find(id: id, in: db)).flatMap { $0 }.map { $0.revokedAt == nil && reachable($0, by: caller) }
            ?? false
    }
}
