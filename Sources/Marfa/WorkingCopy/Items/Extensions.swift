/// The extension documents of the items a working copy holds, by namespace.
public struct Extensions: Sendable {
    let copy: WorkingCopy

    /// Every extension document of the item `id`, by namespace; `notFound` when the copy holds
    /// no such item.
    public func of(_ id: String) async throws -> JSONObject {
        try await copy.perform {
            guard let documents = try await copy.engine.extensions(of: try WorkingCopy.checkedID(id)) else {
                throw Metadata.notHeld(id)
            }
            return documents
        }
    }

    /// The document in `namespace` on the item `id`, or nil when it has none.
    public func get(_ namespace: String, of id: String) async throws -> JSONObject? {
        try await of(id)[namespace]?.object
    }
}
