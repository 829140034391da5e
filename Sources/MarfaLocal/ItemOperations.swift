import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

extension LocalAPI {
    typealias ItemEnvelopeResponse = Components.Responses.ItemEnvelope

    func envelopeResponse(_ envelope: Components.Schemas.ItemEnvelope) -> ItemEnvelopeResponse {
        .init(headers: .init(xMarfaContract: Self.contract), body: .json(envelope))
    }

    /// The resolved, registered type `id`: `400 validation_error` when malformed, `400 unknown_type`
    /// when not registered.
    func registeredType(_ id: String, in registry: TypeRegistry) throws -> Components.Schemas.ItemType {
        try TypeValidation.checkGrammar(id)
        guard registry.contains(id) else {
            throw LocalError(400, "unknown_type", "The type \(id) is not registered.", details: ["type": .string(id)])
        }
        return try registry.resolved(id)
    }

    /// `403 type_not_permitted` unless `key` may write `type`.
    func requireWrite(_ type: String, by key: KeyRecord) throws {
        guard key.typeLevel(type) >= .write else {
            throw LocalError(
                403, "type_not_permitted", "This key may not write \(type).",
                details: ["required_scope": .string("\(type):write")])
        }
    }

    /// The item `id` as `key` may see it: `404 item_not_found` when missing, in the bin, or of a type
    /// the key cannot read.
    func visibleItem(_ id: String, by key: KeyRecord, in db: SQLiteConnection) throws -> ItemRecord {
        guard let item = try ItemRecord.find(id: id, in: db), key.typeLevel(item.type) >= .read else {
            throw LocalError.notFound("item_not_found", "No item \(id).")
        }
        guard item.state != "trashed" else {
            var refusal = LocalError.notFound("item_not_found", "The item \(id) is in the bin.")
            refusal.details = ["trashed": .bool(true)]
            throw refusal
        }
        return item
    }

    /// Whether strict mode covers `type` in the stored settings.
    func isStrict(_ type: String, in db: SQLiteConnection) throws -> Bool {
        guard let types = try storedConfig(db).enforcement?.strictMode?.types else { return false }
        return KeyRecord.level(of: type, in: Dictionary(uniqueKeysWithValues: types.map { ($0, "write") })) == .write
    }

    func createItem(_ input: Operations.CreateItem.Input) async throws -> Operations.CreateItem.Output {
        let key = try RequestContext.current.requireKey()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        if let edges = body.edges, !edges.additionalProperties.isEmpty {
            throw LocalError(501, "not_implemented", "Edges are not implemented by the local instance yet.")
        }
        let state = body.state ?? "active"
        guard state == "active" || state == "archived" else {
            throw LocalError(400, "invalid_transition", "A new item is active or archived, not \(state).")
        }
        let source = body.source ?? key.source
        guard key.claims(source: source) else {
            throw LocalError.forbidden(
                "This key does not claim the source \(source).", details: ["source": .string(source)])
        }
        if let id = body.id, !Identifiers.isUUID(id) {
            throw LocalError(400, "invalid_id", "The id '\(id)' is not a UUID.")
        }
        let writer = RequestContext.current.writer
        let now = clock.now
        let (envelope, created) = try await write { db -> (StoredEnvelope, Bool) in
            let registry = try TypeRegistry.load(db)
            let type = try registeredType(body._type, in: registry)
            try requireWrite(type.id, by: key)
            if let allow = try storedConfig(db).enforcement?.sourceAllowlist, allow.types.contains(type.id),
                !allow.sources.contains(source)
            {
                throw LocalError.forbidden(
                    "The source \(source) may not create \(type.id) items.", details: ["source": .string(source)])
            }
            let properties = body.properties ?? [:]
            try ItemValidation.check(properties, against: type, strict: try isStrict(type.id, in: db))
            if let sourceID = body.sourceId,
                let existing = try ItemRecord.find(source: source, sourceID: sourceID, in: db)
            {
                let updated = try updateOnNaturalKey(
                    existing, from: body, type: type.id, properties: properties, by: writer, at: now, in: db)
                return (try StoredEnvelope(updated, in: db), false)
            }
            if let expected = body.version, expected != 0, body.sourceId != nil {
                var refusal = LocalError.conflict(
                    "version_conflict", "No item has this natural key, so version \(expected) cannot match.")
                refusal.extra = ["current": .null]
                throw refusal
            }
            if let id = body.id, let existing = try ItemRecord.find(id: id, in: db) {
                guard existing.type == type.id, existing.source == source else {
                    throw LocalError.conflict(
                        "id_reused", "The id \(id) belongs to another item.",
                        details: ["differs": .array([.string("type"), .string("source")])])
                }
                return (try StoredEnvelope(existing, acknowledged: true, in: db), false)
            }
            var item = ItemRecord(
                id: body.id?.lowercased() ?? Identifiers.uuidV7(at: now), type: type.id, properties: properties,
                state: state,
                tier: body.tier?.rawValue ?? key.defaultTier, source: source, sourceID: body.sourceId,
                timestamp: body.timestamp ?? now, now: now, tags: Self.uniqueTags(body.tags ?? []))
            item.device = body.device
            item.captureLatitude = body.captureLatitude
            item.captureLongitude = body.captureLongitude
            try item.insert(in: db)
            try EventLog.appendItem("item.created", item, at: now, in: db)
            return (try StoredEnvelope(item, in: db), true)
        }
        return .undocumented(statusCode: created ? 201 : 200, envelope.answer)
    }

    /// A create naming the natural key of `existing` updates it: refused when it is in the bin,
    /// of another type, or not at the version the body names.
    private func updateOnNaturalKey(
        _ existing: ItemRecord, from body: Components.Schemas.ItemInput, type: String, properties: OpenAPIObject,
        by writer: Components.Schemas.Writer?, at now: Date, in db: SQLiteConnection
    ) throws -> ItemRecord {
        var existing = existing
        if existing.state == "trashed" {
            throw LocalError.conflict(
                "conflict", "The item with this natural key is in the bin.",
                details: ["trashed": .bool(true), "id": .string(existing.id)])
        }
        if let expected = body.version, expected != existing.version {
            throw LocalError.versionConflict("item", at: existing.version, not: expected, current: existing.json)
        }
        guard existing.type == type else {
            throw LocalError.conflict("type_mismatch", "The item with this natural key is a \(existing.type).")
        }
        try existing.snapshot(by: writer, at: now, in: db)
        existing.properties = properties
        if let tier = body.tier { existing.tier = tier.rawValue }
        if let timestamp = body.timestamp { existing.timestamp = timestamp }
        if let tags = body.tags { existing.tags = Self.uniqueTags(existing.tags + tags) }
        existing.version += 1
        existing.updatedAt = now
        try existing.update(in: db)
        try EventLog.appendItem("item.updated", existing, at: now, in: db)
        return existing
    }

    static func uniqueTags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0).inserted }
    }

    func getItem(_ input: Operations.GetItem.Input) async throws -> Operations.GetItem.Output {
        let key = try RequestContext.current.requireKey()
        let includes = Set(
            (input.query.include ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        // The item, its metadata and its versions come from one snapshot.
        let (item, extensions, versions) = try await read {
            db -> (ItemRecord, OpenAPIObject, [Components.Schemas.ItemSnapshot]?) in
            let item = try visibleItem(input.path.id, by: key, in: db)
            let extensions = try ItemExtensions.all(of: item.id, in: db)
            guard includes.contains("versions") else { return (item, extensions, nil) }
            let rows = try db.query("SELECT * FROM item_snapshots WHERE item_id = ? ORDER BY version DESC", item.id)
            return (item, extensions, try rows.map(SnapshotRow.wire))
        }
        let listed = RequestContext.current.readView.map { _ in true }
        guard let versions else {
            // An `ItemDetail` without versions has an envelope's members: written from the record.
            var text = ItemJSONText(sorted: Self.sortsAnswerKeys)
            text.envelope(of: item, extensions: extensions, listed: listed)
            return .undocumented(statusCode: 200, Self.jsonAnswer(text.bytes))
        }
        let metadata = Components.Schemas.ItemMetadata(itemId: item.id, tags: item.tags, extensions: extensions)
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(
                    .init(
                        item: item.wire, metadata: metadata, listed: listed, versions: versions))))
    }

    /// `PATCH /items/{id}` on the base `version`: properties merged (or replaced), tier, time,
    /// natural key, a retype with `retype: true` (which moves the read view). A stale base merges,
    /// is refused or, with `conflict=auto`, is settled by the type's merge policy (`StaleWrite`).
    func updateItem(_ input: Operations.UpdateItem.Input) async throws -> Operations.UpdateItem.Output {
        let key = try RequestContext.current.requireKey()
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        if let edges = patch.edges, !edges.additionalProperties.isEmpty {
            throw LocalError(501, "not_implemented", "Edges are not implemented by the local instance yet.")
        }
        let settlesConflicts = try Self.settlesConflicts(input.query.conflict)
        let writer = RequestContext.current.writer
        let now = clock.now
        let envelope = try await write { db -> Components.Schemas.ItemEnvelope in
            var item = try visibleItem(input.path.id, by: key, in: db)
            try requireWrite(item.type, by: key)
            let registry = try TypeRegistry.load(db)
            var typeID = item.type
            if let newType = patch._type, newType != item.type {
                guard patch.retype == true else {
                    throw LocalError.conflict(
                        "type_mismatch", "The item is a \(item.type); send retype: true to make it a \(newType).")
                }
                typeID = newType
            }
            let type = try registeredType(typeID, in: registry)
            try requireWrite(type.id, by: key)
            var properties = Self.patched(item.properties, by: patch)
            var resolution: Components.Schemas.ConflictResolution?
            var losing: OpenAPIObject = [:]
            if patch.version != item.version {
                let stale = try StaleWrite(patch, item: item, properties: properties, in: db)
                if !stale.colliding.isEmpty {
                    let policy = try registry.resolved(item.type).mergePolicy
                    guard settlesConflicts, type.id == item.type else {
                        throw try stale.refusal(base: patch.version, item: item, policy: policy)
                    }
                    (resolution, losing) = stale.resolve(by: policy, properties: &properties, server: item.properties)
                }
            }
            try ItemValidation.check(properties, against: type, strict: try isStrict(type.id, in: db))
            try item.snapshot(by: writer, at: now, in: db)
            let retyped = item.type != type.id
            item.type = type.id
            item.properties = properties
            if let tier = patch.tier { item.tier = tier.rawValue }
            if let timestamp = patch.timestamp { item.timestamp = timestamp }
            if let sourceID = patch.sourceId {
                if let other = try ItemRecord.find(source: item.source, sourceID: sourceID, in: db), other.id != item.id
                {
                    throw LocalError.conflict(
                        "source_id_conflict", "Another item already has the natural key \(sourceID).")
                }
                item.sourceID = sourceID
            }
            item.version += 1
            item.updatedAt = now
            try item.update(in: db)
            if retyped { try ReadViews.change("item.retype", at: now, in: db) }
            try EventLog.appendItem("item.updated", item, at: now, in: db)
            if !losing.isEmpty {
                resolution?.conflictedCopyId = try StaleWrite.writeConflictedCopy(
                    of: item, losing: losing, at: now, in: db)
            }
            var envelope = try ItemExtensions.envelope(of: item, in: db)
            envelope.conflictResolution = resolution
            return envelope
        }
        return .ok(envelopeResponse(envelope))
    }

    /// Whether `conflict` asks the server to settle collisions (`auto`); `400` for a value the
    /// contract does not name.
    static func settlesConflicts(_ conflict: Operations.UpdateItem.Input.Query.ConflictPayload?) throws -> Bool {
        switch conflict {
        case nil, .manual, .callback: return false
        case .auto: return true
        case .unknown(let value):
            throw LocalError.validation(
                "conflict is auto, manual or callback, not '\(value)'.", details: ["parameter": "conflict"])
        }
    }

    /// `properties` after `patch`: replaced with `properties_mode: replace`, else merged (`null`
    /// removes a property).
    static func patched(
        _ properties: OpenAPIObject, by patch: Components.Schemas.ItemPatch
    ) -> OpenAPIObject {
        if patch.propertiesMode == .replace { return patch.properties ?? [:] }
        var result = properties
        for (name, value) in patch.properties ?? [:] {
            if value == .null { result[name] = nil } else { result[name] = value }
        }
        return result
    }

    func deleteItem(_ input: Operations.DeleteItem.Input) async throws -> Operations.DeleteItem.Output {
        let key = try RequestContext.current.requireKey()
        let now = clock.now
        try await write { db in
            let item = try visibleItem(input.path.id, by: key, in: db)
            try requireWrite(item.type, by: key)
            try Cascades.trash(item, announcedAs: "item.deleted", at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    func restoreItem(_ input: Operations.RestoreItem.Input) async throws -> Operations.RestoreItem.Output {
        let key = try RequestContext.current.requireKey()
        let now = clock.now
        let envelope = try await write { db -> Components.Schemas.ItemEnvelope in
            guard let item = try ItemRecord.find(id: input.path.id, in: db), key.typeLevel(item.type) >= .read else {
                throw LocalError.notFound("item_not_found", "No item \(input.path.id).")
            }
            try requireWrite(item.type, by: key)
            guard item.state == "trashed" else {
                throw LocalError(400, "invalid_transition", "The item is \(item.state), not in the bin.")
            }
            return try ItemExtensions.envelope(of: try Cascades.restore(item, at: now, in: db), in: db)
        }
        return .ok(envelopeResponse(envelope))
    }

    func transitionItem(_ input: Operations.TransitionItem.Input) async throws -> Operations.TransitionItem.Output {
        let key = try RequestContext.current.requireKey()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let target = body.state.rawValue
        guard ["active", "archived", "trashed"].contains(target) else {
            throw LocalError(400, "invalid_transition", "An item cannot move to \(target).")
        }
        let now = clock.now
        let envelope = try await write { db -> Components.Schemas.ItemEnvelope in
            var item = try visibleItem(input.path.id, by: key, in: db)
            try requireWrite(item.type, by: key)
            guard item.state != "revoked" else {
                throw LocalError(400, "invalid_transition", "A revoked item cannot move.")
            }
            if target == "trashed" {
                item = try Cascades.trash(item, announcedAs: "item.state_changed", at: now, in: db)
            } else if item.state != target {
                item.state = target
                item.updatedAt = now
                try item.update(in: db)
                try EventLog.appendItem("item.state_changed", item, at: now, in: db)
            }
            return try ItemExtensions.envelope(of: item, in: db)
        }
        return .ok(envelopeResponse(envelope))
    }

    func listItemVersions(_ input: Operations.ListItemVersions.Input) async throws -> Operations.ListItemVersions.Output
    {
        let key = try RequestContext.current.requireKey()
        let limit = try Paging.limit(input.query.limit)
        let after = input.query.after ?? 0
        guard after >= 0 else { throw LocalError.validation("after must not be negative.") }
        let rows = try await read { db -> [SQLiteRow] in
            let item = try visibleItem(input.path.id, by: key, in: db)
            return try db.query(
                "SELECT * FROM item_snapshots WHERE item_id = ? AND version > ? ORDER BY version LIMIT ?", item.id,
                after, limit + 1)
        }
        let page = try rows.prefix(limit).map(SnapshotRow.wire)
        let next = rows.count > limit ? page.last?.version : nil
        return .ok(
            .init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(snapshots: page, next: next))))
    }
}
