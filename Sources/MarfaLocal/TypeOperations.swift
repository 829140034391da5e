import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

extension LocalAPI {
    /// The key, when it may register types (`metadata.types:write`).
    func requireTypeRegistration() throws -> KeyRecord {
        let key = try RequestContext.current.requireKey()
        guard key.metadataLevel("types") >= .write else {
            throw LocalError.forbidden(
                "This key may not register types; it needs metadata.types:write.",
                details: ["metadata_subresource": "types", "required_scope": "metadata.types:write"])
        }
        return key
    }

    /// The checks `registerType` runs; answers the registry with the type in it.
    func checkRegistration(_ definition: TypeRegistry.Definition, in db: SQLiteConnection) throws -> TypeRegistry {
        try TypeValidation.checkGrammar(definition.id)
        try TypeValidation.checkNamespace(definition.id)
        let registry = try TypeRegistry.load(db)
        if registry.contains(definition.id) {
            throw LocalError.conflict(
                "type_already_exists", "The type \(definition.id) is already registered.",
                details: ["type": .string(definition.id)])
        }
        return try TypeValidation.check(definition, in: registry)
    }

    func listTypes(_ input: Operations.ListTypes.Input) async throws -> Operations.ListTypes.Output {
        _ = try RequestContext.current.requireKey()
        let registry = try await read { try TypeRegistry.load($0) }
        let types = try registry.entries.keys.sorted().map { try registry.resolved($0) }
        let tag = try CatalogTag.of(types)
        if CatalogTag.matches(input.headers.ifNoneMatch, tag) {
            return .notModified(.init(headers: .init(xMarfaContract: Self.contract, eTag: tag)))
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract, eTag: tag), body: .json(types)))
    }

    func getType(_ input: Operations.GetType.Input) async throws -> Operations.GetType.Output {
        _ = try RequestContext.current.requireKey()
        let registry = try await read { try TypeRegistry.load($0) }
        guard registry.contains(input.path.id) else {
            throw LocalError.notFound("type_not_found", "No type \(input.path.id).")
        }
        return .ok(
            .init(headers: .init(xMarfaContract: Self.contract), body: .json(try registry.resolved(input.path.id))))
    }

    func normalizeType(_ input: Operations.NormalizeType.Input) async throws -> Operations.NormalizeType.Output {
        _ = try requireTypeRegistration()
        guard case .json(let definition) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let registry = try await read { try checkRegistration(definition, in: $0) }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(.init(_type: try registry.resolved(definition.id)))))
    }

    func registerType(_ input: Operations.RegisterType.Input) async throws -> Operations.RegisterType.Output {
        _ = try requireTypeRegistration()
        guard case .json(let definition) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let resolved = try await write { db -> Components.Schemas.ItemType in
            let registry = try checkRegistration(definition, in: db)
            var stored = definition
            stored.version = definition.version ?? 1
            try db.run(
                "INSERT INTO item_types (id, definition, builtin, created_at, updated_at) VALUES (?, ?, 0, ?, ?)",
                definition.id, try StoredJSON.encode(stored), now.stored, now.stored)
            try ReadViews.change("type.register", at: now, in: db)
            try AuditLog.record("type.register", resourceType: "type", resourceID: definition.id, at: now, in: db)
            return try registry.resolved(definition.id)
        }
        return .created(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(_type: resolved))))
    }

    /// The key, when it holds `schema.write`.
    func requireSchemaWrite() throws -> KeyRecord { try RequestContext.current.require("schema.write") }

    /// The stored entry of a custom type: `404 type_not_found`, `403 core_type_immutable`.
    func customType(_ id: String, in registry: TypeRegistry) throws -> TypeRegistry.Entry {
        guard let entry = registry.entries[id] else { throw LocalError.notFound("type_not_found", "No type \(id).") }
        guard !entry.builtin else {
            throw LocalError(
                403, "core_type_immutable", "The shipped type \(id) cannot be changed.", details: ["type": .string(id)])
        }
        return entry
    }

    func replaceType(_ input: Operations.ReplaceType.Input) async throws -> Operations.ReplaceType.Output {
        _ = try requireSchemaWrite()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let id = input.path.id
        let definitionID = body.id
        guard definitionID == id else {
            throw LocalError.validation("The body's id '\(definitionID)' differs from the path's '\(id)'.")
        }
        let now = clock.now
        let resolved = try await write { db -> Components.Schemas.ItemType in
            let registry = try TypeRegistry.load(db)
            let entry = try customType(id, in: registry)
            var definition = body
            definition.version = definition.version ?? entry.definition.version ?? 1
            let next = try TypeValidation.check(definition, in: registry)
            try db.run(
                "UPDATE item_types SET definition = ?, updated_at = ? WHERE id = ?", try StoredJSON.encode(definition),
                now.stored, id)
            try Self.reindexChangedHints(below: id, from: registry, to: next, in: db)
            if entry.definition.parent != definition.parent { try ReadViews.change("type.reparent", at: now, in: db) }
            try AuditLog.record("type.replace", resourceType: "type", resourceID: id, at: now, in: db)
            return try next.resolved(id)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(_type: resolved))))
    }

    /// Rewrites the search text of the items of `id` and its subtypes whose display hints (which
    /// name the title and body fields) differ between `old` and `new`.
    static func reindexChangedHints(
        below id: String, from old: TypeRegistry, to new: TypeRegistry, in db: SQLiteConnection
    ) throws {
        let changed = new.descendants(of: id).filter { type in
            (try? old.resolved(type).displayHints) != (try? new.resolved(type).displayHints)
        }
        try ItemSearchIndex.refresh(types: changed, in: db)
    }

    func deleteType(_ input: Operations.DeleteType.Input) async throws -> Operations.DeleteType.Output {
        _ = try requireSchemaWrite()
        let id = input.path.id
        let force = input.query.force?.rawValue == "true"
        let now = clock.now
        try await write { db in
            let registry = try TypeRegistry.load(db)
            _ = try customType(id, in: registry)
            let subtypes = registry.subtypes(of: id)
            if !subtypes.isEmpty {
                throw LocalError.conflict(
                    "type_has_subtypes", "The type \(id) is the parent of \(subtypes.joined(separator: ", ")).",
                    details: ["subtype_ids": .array(subtypes.map { .string($0) })])
            }
            let count = try db.first("SELECT count(*) AS n FROM items WHERE type = ?", id)?.int("n") ?? 0
            let settings = try TypeReferences.settings(naming: id, in: db)
            if (count > 0 || !settings.isEmpty) && !force {
                // The message ends with the settings that name the type, after the item count.
                let named =
                    (count == 0 ? [] : [count == 1 ? "1 item" : "\(count) items"])
                    + settings.map(TypeReferences.describe)
                throw LocalError.conflict(
                    "type_in_use", "The type \(id) is still in use; it is named by: \(named.joined(separator: ", "))",
                    details: ["settings": TypeReferences.details(settings), "items": .int(Int64(count))])
            }
            try db.run("DELETE FROM item_types WHERE id = ?", id)
            try ReadViews.change("type.delete", at: now, in: db)
            try db.run("UPDATE items SET orphaned = 1 WHERE type = ?", id)
            if count > 0 { try ItemSearchIndex.refresh(types: [id], in: db) }
            try AuditLog.record(
                "type.delete", resourceType: "type", resourceID: id,
                details: ["force": .bool(force), "items": .int(Int64(count))], at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    func setTypeIcon(_ input: Operations.SetTypeIcon.Input) async throws -> Operations.SetTypeIcon.Output {
        let key = try requireSchemaWrite()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let id = input.path.id
        if let expected = body.instanceId, expected != store.instanceID {
            throw LocalError.conflict(
                "instance_changed", "Another instance answers at this address (\(store.instanceID), not \(expected)).",
                details: ["instance_id": .string(store.instanceID)])
        }
        guard key.typeLevel(id) >= .write else {
            throw LocalError.forbidden(
                "This key may not write \(id).", details: ["required_scope": .string("\(id):write")])
        }
        if let icon = body.icon { try IconAllowList.check(icon) }
        let now = clock.now
        let resolved = try await write { db -> String? in
            guard try db.first("SELECT 1 FROM item_types WHERE id = ?", id) != nil else {
                throw LocalError.notFound("type_not_found", "No type \(id).")
            }
            try db.run("UPDATE item_types SET owner_icon = ?, updated_at = ? WHERE id = ?", body.icon, now.stored, id)
            try AuditLog.record(
                "type.icon", resourceType: "type", resourceID: id,
                details: ["icon": body.icon.map { .string($0) } ?? .null],
                at: now, in: db)
            return try TypeRegistry.load(db).resolved(id).icon?.value
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(id: id, icon: resolved))))
    }
}
