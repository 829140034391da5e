/// The catalog a follow last read, with the tags the server gave it, so that reading it again
/// asks only whether it changed: an unchanged catalog costs two answers without a body.
struct CatalogReading: Sendable {
    private(set) var itemTypes: [Components.Schemas.ItemType] = []
    private(set) var edgeTypes: [CatalogEdgeType] = []
    private var typesTag: String?
    private var edgeTypesTag: String?
    private var hasRead = false

    /// Reads the types and edge types again, each only if changed since the last read; true when
    /// either came back, so the held catalog may need replacing.
    mutating func refresh(from wire: CopyWire, view: String?) async throws(MarfaError) -> Bool {
        var changed = !hasRead
        if let read = try await wire.itemTypes(view: view, ifChangedSince: hasRead ? typesTag : nil) {
            (itemTypes, typesTag, changed) = (read.types, read.tag, true)
        }
        if let read = try await wire.edgeTypes(view: view, ifChangedSince: hasRead ? edgeTypesTag : nil) {
            (edgeTypes, edgeTypesTag, changed) = (read.edgeTypes, read.tag, true)
        }
        hasRead = true
        return changed
    }
}
