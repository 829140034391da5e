/// Conflicted copies: the sibling the server makes, tagged `conflicted-copy` with a
/// `derived-from` edge to the original, when a stale edit collides on a keep-both field.
extension Items {
    /// The tag the server puts on a conflicted copy.
    static let conflictedCopyTag = "conflicted-copy"
    /// The edge type from a conflicted copy to its original.
    static let derivedFrom = "derived-from"

    /// The id of the item the conflicted copy `id` was made from, by its `derived-from` edge; nil
    /// when the copy holds no such item, it is not tagged `conflicted-copy`, or its edge isn't held
    /// (hydrate `derived-from` among the edge types).
    public func original(ofConflictedCopy id: String) async throws -> String? {
        try await copy.perform {
            let id = try WorkingCopy.checkedID(id)
            guard let sibling = try await copy.engine.item(id), sibling.tags.contains(Self.conflictedCopyTag) else {
                return nil
            }
            return try await copy.engine.edges(.from(id)).first { $0.edgeType == Self.derivedFrom }?.targetId
        }
    }

    /// The held conflicted copies of the item `id`: the items tagged `conflicted-copy` whose
    /// `derived-from` edge points at it, oldest link first, those in the bin left out.
    public func conflictedCopies(of id: String) async throws -> [Item] {
        try await copy.perform {
            var copies: [Item] = []
            for edge in try await copy.engine.edges(.to(try WorkingCopy.checkedID(id)))
            where edge.edgeType == Self.derivedFrom {
                guard let item = try await copy.engine.item(edge.sourceId), item.state != .trashed,
                    item.tags.contains(Self.conflictedCopyTag), !copies.contains(where: { $0.id == item.id })
                else { continue }
                copies.append(item)
            }
            return copies
        }
    }
}
