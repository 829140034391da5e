/// The folder doors: `/folders` and `/folders/{id}`, each write under the caller's idempotency key.
extension CopyWire {
    /// Creates a folder with `settings`; answers it as the server stored it.
    func createFolder(_ settings: FolderSettings, idempotencyKey: String) async throws(MarfaError) -> Folder {
        let body = try FolderWireShape(settings).json()
        return try FolderWireShape.answer(
            try await exchange.write(
                .post, "/folders", json: body, idempotencyKey: idempotencyKey, operation: Operations.CreateFolder.id))
    }

    /// Changes the settings `change` names, based on `version`.
    func changeFolder(
        _ id: String, _ change: FolderSettingsChange, version: Int64, idempotencyKey: String
    ) async throws(MarfaError) -> Folder {
        let body = try FolderWireShape(change, version: version).json()
        return try FolderWireShape.answer(
            try await exchange.write(
                .patch, "/folders/\(Self.escape(id))", json: body, idempotencyKey: idempotencyKey,
                operation: Operations.UpdateFolder.id))
    }

    /// Revokes the folder; answers it revoked (a server answering `{ok}` is read as revoked).
    func revokeFolder(_ id: String, idempotencyKey: String) async throws(MarfaError) -> Folder? {
        let answer = try await exchange.write(
            .delete, "/folders/\(Self.escape(id))", idempotencyKey: idempotencyKey,
            operation: Operations.DeleteFolder.id)
        return try? FolderWireShape.answer(answer)
    }

    /// The folder `id` as the server holds it.
    func folder(_ id: String) async throws(MarfaError) -> Folder {
        try FolderWireShape.answer(
            try await exchange.get("/folders/\(Self.escape(id))", view: nil, operation: Operations.GetFolder.id))
    }
}
