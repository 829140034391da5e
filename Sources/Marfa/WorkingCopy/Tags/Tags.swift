/// The tags of the items a working copy holds.
public struct Tags: Sendable {
    let copy: WorkingCopy

    /// The tags of the item `id`; `notFound` when the copy holds no such item.
    public func of(_ id: String) async throws -> [String] {
        try await copy.perform {
            guard let item = try await copy.engine.item(try WorkingCopy.checkedID(id)) else {
                throw Metadata.notHeld(id)
            }
            return item.tags
        }
    }
}
