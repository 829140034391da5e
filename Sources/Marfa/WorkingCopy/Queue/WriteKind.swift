/// What a queued write does.
public enum WriteKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Makes an item.
    case createItem
    /// Changes an item's fields, type or tier.
    case updateItem
    /// Moves an item to the bin.
    case deleteItem
    /// Takes an item out of the bin.
    case restoreItem
    /// Moves an item between states.
    case transitionItem
    /// Makes an edge.
    case createEdge
    /// Changes an edge's properties.
    case updateEdge
    /// Removes an edge.
    case deleteEdge
    /// Replaces an item's tags.
    case replaceMetadata
    /// Adds tags to an item's.
    case mergeMetadata
    /// Adds one tag.
    case addTag
    /// Removes one tag.
    case removeTag
    /// Writes an extension namespace.
    case writeExtension
    /// Deletes an extension namespace.
    case deleteExtension
    /// Sends a file's bytes.
    case uploadBlob
}
