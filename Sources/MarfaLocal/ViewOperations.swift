import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Saved views: stored whole, listed, changed on a base version, deleted. Reads need read on
/// `system.view`, writes need write on it.
extension LocalAPI {
    typealias ViewResponse = Components.Responses.View

    func viewResponse(_ view: Components.Schemas.View) -> ViewResponse {
        .init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(view: view)))
    }

    /// The key, when it reaches `system.view` at `level`.
    func requireViewAccess(_ level: AccessLevel) throws -> KeyRecord {
        let key = try RequestContext.current.requireKey()
        guard key.typeLevel("system.view") >= level else {
            let scope = "system.view:\(level == .write ? "write" : "read")"
            throw LocalError(
                403, "type_not_permitted", "This key may not reach views; it needs \(scope).",
                details: ["required_scope": .string(scope)])
        }
        return key
    }

    func storedView(_ id: String, in db: SQLiteConnection) throws -> Components.Schemas.View {
        guard let view = try SettingStore.find(.view, id: id, as: Components.Schemas.View.self, in: db) else {
            throw LocalError.notFound("not_found", "No view \(id).")
        }
        return view
    }

    func listViews(_ input: Operations.ListViews.Input) async throws -> Operations.ListViews.Output {
        _ = try requireViewAccess(.read)
        let views = try await read { try SettingStore.all(.view, as: Components.Schemas.View.self, in: $0) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(views: views))))
    }

    func createView(_ input: Operations.CreateView.Input) async throws -> Operations.CreateView.Output {
        _ = try requireViewAccess(.write)
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let view = try await write { db -> Components.Schemas.View in
            let id = try SettingStore.newID(body.id, at: now)
            if try SettingStore.find(.view, id: id, as: Components.Schemas.View.self, in: db) != nil {
                throw LocalError.conflict("conflict", "A view \(id) already exists.")
            }
            try checkSearch(body.search, in: db)
            let view = Components.Schemas.View(
                id: id, version: 1, name: body.name, search: body.search, sort: body.sort, groupBy: body.groupBy,
                createdAt: now, updatedAt: now)
            try SettingStore.save(.view, id: id, view, at: now, in: db)
            try AuditLog.record("view.create", resourceType: "view", resourceID: id, at: now, in: db)
            return view
        }
        return .created(viewResponse(view))
    }

    func getView(_ input: Operations.GetView.Input) async throws -> Operations.GetView.Output {
        _ = try requireViewAccess(.read)
        return .ok(viewResponse(try await read { try storedView(input.path.id, in: $0) }))
    }

    func updateView(_ input: Operations.UpdateView.Input) async throws -> Operations.UpdateView.Output {
        _ = try requireViewAccess(.write)
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let view = try await write { db -> Components.Schemas.View in
            var view = try storedView(input.path.id, in: db)
            guard patch.version == view.version else {
                throw LocalError.versionConflict(
                    "view", at: view.version, not: patch.version,
                    current: (try? JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(view))) ?? .null)
            }
            if let search = patch.search {
                try checkSearch(search, in: db)
                view.search = search
            }
            if let name = patch.name { view.name = name }
            if let sort = patch.sort { view.sort = sort }
            if let groupBy = patch.groupBy { view.groupBy = groupBy }
            view.version += 1
            view.updatedAt = now
            try SettingStore.save(.view, id: view.id, view, at: now, in: db)
            try AuditLog.record("view.update", resourceType: "view", resourceID: view.id, at: now, in: db)
            return view
        }
        return .ok(viewResponse(view))
    }

    func deleteView(_ input: Operations.DeleteView.Input) async throws -> Operations.DeleteView.Output {
        _ = try requireViewAccess(.write)
        let now = clock.now
        try await write { db in
            guard try SettingStore.delete(.view, id: input.path.id, in: db) else {
                throw LocalError.notFound("not_found", "No view \(input.path.id).")
            }
            try AuditLog.record("view.delete", resourceType: "view", resourceID: input.path.id, at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }
}
