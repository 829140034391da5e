/// The folder doors: `/folders` and `/folders/{id}`, each write under the caller's idempotency key.
extension CopyWire {
    /// Creates a folder with `settings`; answers it as the server stored it.
    func createFolder(_ settings: FolderSettings, idempotencyKey: String) async throws(MarfaError) -> Folder {
        let body = try FolderWireShape(settings).json()
        return try FolderWireShape.answer(
            try await exchange.write(
                WireCall(Operations.CreateFolder.self), json: body, idempotencyKey: idempotencyKey))
    }

    /// Changes the settings `change` names, based on `version`.
    func changeFolder(
        _ id: String, _ change: FolderSettingsChange, version: Int64, idempotencyKey: String
    ) async throws(MarfaError) -> Folder {
        let body = try FolderWireShape(change, version: version).json()
        return try FolderWireShape.answer(
            try await exchange.write(
                WireCall(Operations.UpdateFolder.self, id), json: body, idempotencyKey: idempotencyKey))
    }

    /// Revokes the folder; answers it revoked (a server answering `{ok}` is read as revoked).
    func revokeFolder(_ id: String, idempotencyKey: String) async throws(MarfaError) -> Folder? {
        let answer = try await exchange.write(
            WireCall(Operations.DeleteFolder.self, id), idempotencyKey: idempotencyKey)
        return try? FolderWireShape.answer(answer)
    }

    /// The folder `id` as the server holds it.
    func folder(_ id: String) async throws(MarfaError) -> Folder {
        try FolderWireShape.answer(
            try await exchange.get(WireCall(Operations.GetFolder.self, id), view: nil))
    }
}
