/// Folders' settings: immediate server calls, never queued, held in the store after and told as
/// `.refreshed(.folderWritten)`.
extension CopySync {
    package func createFolder(_ settings: FolderSettings, idempotencyKey: String) async throws -> Folder {
        let folder = try await CopyWire(server: try server()).createFolder(settings, idempotencyKey: idempotencyKey)
        return try await held(folder)
    }

    package func changeFolder(
        _ id: String, _ change: FolderSettingsChange, baseVersion: Int64, idempotencyKey: String
    ) async throws -> Folder {
        let folder = try await CopyWire(server: try server()).changeFolder(
            id, change, version: baseVersion, idempotencyKey: idempotencyKey)
        return try await held(folder)
    }

    package func revokeFolder(_ id: String, idempotencyKey: String) async throws -> Folder {
        let wire = CopyWire(server: try server())
        let answered = try await wire.revokeFolder(id, idempotencyKey: idempotencyKey)
        var folder: Folder
        if let answered {
            folder = answered
        } else if let known = try await store.folder(id) {
            folder = known
        } else {
            folder = try await wire.folder(id)
        }
        folder.state = .revoked
        return try await held(folder)
    }

    /// Reads the folder `id` from the server and holds it: the settings a folder on disk follows.
    package func refreshFolder(_ id: String) async throws -> Folder {
        let folder = try await CopyWire(server: try server()).folder(id)
        try await store.store(folder: folder)
        return folder
    }

    private func held(_ folder: Folder) async throws -> Folder {
        try await store.store(folder: folder)
        feed.send(Change(origin: .refreshed(.folderWritten), itemId: folder.id))
        return folder
    }
}
