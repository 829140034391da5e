import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Folders' settings: stored whole, listed, changed on a base version, revoked (kept, `revoked`). Reads need read on
/// `system.folder`, writes need write on it.
extension LocalAPI {
    typealias FolderResponse = Components.Responses.Folder

    func folderResponse(_ folder: Components.Schemas.Folder) -> FolderResponse {
        .init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(folder: folder)))
    }

    /// The key, when it reaches `system.folder` at `level`.
    func requireFolderAccess(_ level: AccessLevel) throws -> KeyRecord {
        let key = try RequestContext.current.requireKey()
        guard key.typeLevel("system.folder") >= level else {
            let scope = "system.folder:\(level == .write ? "write" : "read")"
            throw LocalError(
                403, "type_not_permitted", "This key may not reach folders; it needs \(scope).",
                details: ["required_scope": .string(scope)])
        }
        return key
    }

    /// `400 unknown_type` for a type in `search` that is not registered.
    func checkSearch(_ search: Components.Schemas.SavedSearch, in db: SQLiteConnection) throws {
        let registry = try TypeRegistry.load(db)
        for type in search.types ?? [] { _ = try registeredType(type, in: registry) }
    }

    func storedFolder(_ id: String, in db: SQLiteConnection) throws -> Components.Schemas.Folder {
        guard let folder = try SettingStore.find(.folder, id: id, as: Components.Schemas.Folder.self, in: db) else {
            throw LocalError.notFound("not_found", "No folder \(id).")
        }
        return folder
    }

    func listFolders(_ input: Operations.ListFolders.Input) async throws -> Operations.ListFolders.Output {
        _ = try requireFolderAccess(.read)
        let folders = try await read { try SettingStore.all(.folder, as: Components.Schemas.Folder.self, in: $0) }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(folders: folders))))
    }

    func createFolder(_ input: Operations.CreateFolder.Input) async throws -> Operations.CreateFolder.Output {
        _ = try requireFolderAccess(.write)
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let folder = try await write { db -> Components.Schemas.Folder in
            let id = try SettingStore.newID(body.id, at: now)
            if try SettingStore.find(.folder, id: id, as: Components.Schemas.Folder.self, in: db) != nil {
                throw LocalError.conflict("conflict", "A folder \(id) already exists.")
            }
            try checkSearch(body.search, in: db)
            if let type = body.defaults?._type { _ = try registeredType(type, in: try TypeRegistry.load(db)) }
            let folder = Components.Schemas.Folder(
                id: id, version: 1, state: "active", title: body.title, search: body.search, defaults: body.defaults,
                include: body.include, ignore: body.ignore,
                firstPlacement: body.firstPlacement.map { .init(additionalProperties: $0.additionalProperties) },
                removalThreshold: body.removalThreshold, createdAt: now, updatedAt: now)
            try SettingStore.save(.folder, id: id, folder, at: now, in: db)
            try AuditLog.record("folder.create", resourceType: "folder", resourceID: id, at: now, in: db)
            return folder
        }
        return .created(folderResponse(folder))
    }

    func getFolder(_ input: Operations.GetFolder.Input) async throws -> Operations.GetFolder.Output {
        _ = try requireFolderAccess(.read)
        return .ok(folderResponse(try await read { try storedFolder(input.path.id, in: $0) }))
    }

    func updateFolder(_ input: Operations.UpdateFolder.Input) async throws -> Operations.UpdateFolder.Output {
        _ = try requireFolderAccess(.write)
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let now = clock.now
        let folder = try await write { db -> Components.Schemas.Folder in
            var folder = try storedFolder(input.path.id, in: db)
            try requireActive(folder)
            guard patch.version == folder.version else {
                throw LocalError.versionConflict(
                    "folder", at: folder.version, not: patch.version,
                    current: (try? JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(folder))) ?? .null)
            }
            if let search = patch.search {
                try checkSearch(search, in: db)
                folder.search = search
            }
            if let title = patch.title { folder.title = title }
            if let defaults = patch.defaults { folder.defaults = defaults }
            if let include = patch.include { folder.include = include }
            if let ignore = patch.ignore { folder.ignore = ignore }
            if let placement = patch.firstPlacement {
                folder.firstPlacement = .init(additionalProperties: placement.additionalProperties)
            }
            if let threshold = patch.removalThreshold { folder.removalThreshold = threshold }
            folder.version += 1
            folder.updatedAt = now
            try SettingStore.save(.folder, id: folder.id, folder, at: now, in: db)
            try AuditLog.record("folder.update", resourceType: "folder", resourceID: folder.id, at: now, in: db)
            return folder
        }
        return .ok(folderResponse(folder))
    }

    /// `400 invalid_transition` for a revoked folder, which changes no more.
    func requireActive(_ folder: Components.Schemas.Folder) throws {
        guard folder.state != "revoked" else {
            throw LocalError(400, "invalid_transition", "The folder \(folder.id) is revoked and changes no more.")
        }
    }

    /// Revokes the folder: it stays, `revoked`, and answers as it now is.
    func deleteFolder(_ input: Operations.DeleteFolder.Input) async throws -> Operations.DeleteFolder.Output {
        _ = try requireFolderAccess(.write)
        let now = clock.now
        let folder = try await write { db -> Components.Schemas.Folder in
            var folder = try storedFolder(input.path.id, in: db)
            try requireActive(folder)
            folder.state = "revoked"
            folder.version += 1
            folder.updatedAt = now
            try SettingStore.save(.folder, id: folder.id, folder, at: now, in: db)
            try AuditLog.record("folder.delete", resourceType: "folder", resourceID: folder.id, at: now, in: db)
            return folder
        }
        return .ok(folderResponse(folder))
    }
}
