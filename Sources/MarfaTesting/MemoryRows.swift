#if DEBUG
import Foundation
import Marfa

/// An item as the fake holds it: the item and its extension documents.
struct HeldItem: Sendable, Hashable {
    var item: Item
    var extensions: JSONObject
}

/// The fake copy's rows, and the rows as its pretend server holds them: the given rows, then each
/// as the last accepted write left it. A refused write puts its row back to the server's; an
/// accepted one moves the versions as the instance would. Every item change reaches the search index.
struct MemoryRows: Sendable {
    private(set) var items: [String: HeldItem] = [:]
    private(set) var edges: [String: Edge] = [:]
    private var serverItems: [String: HeldItem] = [:]
    private var serverEdges: [String: Edge] = [:]
    let index: MemorySearchIndex

    /// The given rows, held by the copy and by its server alike.
    init(items: [Item], edges: [Edge], index: MemorySearchIndex) {
        self.index = index
        for item in items { put(HeldItem(item: Self.stored(item), extensions: [:])) }
        for edge in edges { self.edges[edge.id] = Self.stored(edge) }
        serverItems = self.items
        serverEdges = self.edges
    }

    /// Applies a queued write's local effect, as the store does in the write's transaction.
    mutating func apply(_ effect: LocalEffect) {
        switch effect {
        case .none: break
        case .item(let item): put(HeldItem(item: Self.stored(item), extensions: items[item.id]?.extensions ?? [:]))
        case .extensions(let id, let documents): items[id]?.extensions = JSONText.stored(documents)
        case .edge(let edge): edges[edge.id] = Self.stored(edge)
        case .deleteEdge(let id): edges[id] = nil
        }
    }

    /// Takes an accepted write as the server's: a create's row gets version 1, an update moves
    /// the version on, and the server's copy becomes the row the write left.
    mutating func adopt(_ write: QueuedWrite, effect: LocalEffect) {
        switch effect {
        case .none: break
        case .item(let item):
            let held = serverItems[item.id]?.item.version ?? item.version
            let version = write.kind == .createItem ? 1 : write.kind == .updateItem ? held + 1 : held
            var adopted = Self.stored(item)
            adopted.version = version
            serverItems[item.id] = HeldItem(
                item: adopted, extensions: serverItems[item.id]?.extensions ?? items[item.id]?.extensions ?? [:])
            if let local = items[item.id]?.item.version, local < version { items[item.id]?.item.version = version }
        case .extensions(let id, let documents): serverItems[id]?.extensions = JSONText.stored(documents)
        case .edge(let edge):
            let held = serverEdges[edge.id]?.version ?? edge.version
            var adopted = Self.stored(edge)
            adopted.version = write.kind == .createEdge ? 1 : write.kind == .updateEdge ? held + 1 : held
            serverEdges[edge.id] = adopted
            if let local = edges[edge.id]?.version, local < adopted.version {
                edges[edge.id]?.version = adopted.version
            }
        case .deleteEdge(let id): serverEdges[id] = nil
        }
    }

    /// Undoes a refused write: a create's row goes (an item with the edges it draws), any other
    /// write's row goes back to the server's copy.
    mutating func rollBack(_ write: QueuedWrite) {
        switch write.kind {
        case .createItem: if let id = write.itemId { evict(id) }
        case .createEdge: if let id = write.edgeId { edges[id] = nil }
        case .updateEdge, .deleteEdge: if let id = write.edgeId { edges[id] = serverEdges[id] }
        default: if let id = write.itemId { reset(id) }
        }
    }

    /// Puts the item back to the server's copy, or lets it go when the server holds none.
    mutating func reset(_ id: String) {
        if let held = serverItems[id] { put(held) } else { evict(id) }
    }

    /// Removes an item, its search entry and the edges it draws.
    private mutating func evict(_ id: String) {
        items[id] = nil
        index.remove(id)
        edges = edges.filter { $0.value.sourceId != id && $0.value.targetId != id }
    }

    private mutating func put(_ held: HeldItem) {
        items[held.item.id] = held
        index.put(held.item)
    }

    /// The item with its values and dates as the store gives them back (JSON text, seconds since 1970).
    private static func stored(_ item: Item) -> Item {
        var item = item
        item.properties = JSONText.stored(item.properties)
        item.occurredAt = storedDate(item.occurredAt)
        item.createdAt = storedDate(item.createdAt)
        item.updatedAt = storedDate(item.updatedAt)
        return item
    }

    private static func stored(_ edge: Edge) -> Edge {
        var edge = edge
        edge.properties = JSONText.stored(edge.properties)
        edge.createdAt = storedDate(edge.createdAt)
        edge.updatedAt = storedDate(edge.updatedAt)
        return edge
    }

    private static func storedDate(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970) }
}
#endif
