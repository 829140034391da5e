#if DEBUG
import Foundation
import Marfa
import Synchronization

/// A working copy's engine in memory, for `WorkingCopy.fake(...)`: items, edges, types, views,
/// the queue and the search index, answered as the store on disk answers them. It has no server,
/// no journal and no hydration: the copy reads as complete from the start.
final class MemoryCopyEngine: CopyEngine {
    /// Everything the engine holds, behind one lock.
    struct State: Sendable {
        var rows: MemoryRows
        var queue = MemoryQueue()
        var itemTypes: [ItemType]
        var edgeTypes: [EdgeType]
        var declared: [Components.Schemas.TypeDefinitionInput] = []
        var views: [String: View]
        var hydration = WorkingCopy.Hydration.complete
        var expiredReason: String?

        /// The given types, then the declared ones the given types don't name.
        var catalog: CopyCatalog {
            let given = Set(itemTypes.map(\.id))
            let declaredTypes = declared.map(WireCatalog.itemType).filter { !given.contains($0.id) }
            return CopyCatalog(ownItemTypes: itemTypes + declaredTypes, edgeTypes: edgeTypes)
        }
    }

    let state: Mutex<State>
    let script: FakeCopyScript
    let handle = WorkingCopy.Handle.writer

    init(
        items: [Item], edges: [Edge], itemTypes: [ItemType], edgeTypes: [EdgeType], views: [View],
        script: FakeCopyScript
    ) {
        let index = MemorySearchIndex()
        let rows = MemoryRows(items: items, edges: edges, index: index)
        let state = State(
            rows: rows, itemTypes: itemTypes, edgeTypes: edgeTypes,
            views: Dictionary(views.map { ($0.id, $0) }, uniquingKeysWith: { $1 }))
        index.useDisplays(of: state.catalog)
        self.state = Mutex(state)
        self.script = script
    }

    func status() async throws -> WorkingCopy.Status {
        state.withLock { state in
            WorkingCopy.Status(
                hydration: state.hydration, expiredReason: state.expiredReason, items: state.rows.items.count,
                edges: state.rows.edges.count,
                unsent: state.queue.entries.filter {
                    $0.write.verdict == nil || ParkedWrites.isParked($0.write.verdict, answer: nil)
                }.count)
        }
    }

    func sliceTier() async throws -> SliceTier? { nil }

    func catalog() async throws -> CopyCatalog { state.withLock { $0.catalog } }

    func items(_ query: ItemQuery) async throws -> [Item] {
        guard query.conditions.isEmpty else { throw FakeCopyError.unsupported(call: "items.list(filter:)") }
        return state.withLock { state in
            let catalog = state.catalog
            return MemoryListing(query: query).answer(
                from: state.rows.items.values.map { Self.read($0.item, catalog: catalog) })
        }
    }

    func item(_ id: String) async throws -> Item? {
        state.withLock { state in state.rows.items[id].map { Self.read($0.item, catalog: state.catalog) } }
    }

    func edges(_ selection: EdgeSelection) async throws -> [Edge] {
        let edges = state.withLock { Array($0.rows.edges.values) }
        let chosen = edges.filter { edge in
            switch selection {
            case .from(let id): edge.sourceId == id
            case .to(let id): edge.targetId == id
            case .ofType(let type): edge.edgeType == type
            }
        }
        return chosen.sorted { a, b in
            a.createdAt.timeIntervalSince1970 != b.createdAt.timeIntervalSince1970
                ? a.createdAt.timeIntervalSince1970 < b.createdAt.timeIntervalSince1970
                : a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
        }
    }

    func edge(_ id: String) async throws -> Edge? { state.withLock { $0.rows.edges[id] } }

    func extensions(of id: String) async throws -> JSONObject? { state.withLock { $0.rows.items[id]?.extensions } }

    func declaredTypes() async throws -> [Components.Schemas.TypeDefinitionInput] { state.withLock { $0.declared } }

    func declareTypes(_ types: [Components.Schemas.TypeDefinitionInput]) async throws {
        state.withLock { state in
            state.declared = types
            state.rows.index.useDisplays(of: state.catalog)
        }
    }

    func journal(after position: Int64, most: Int) async throws -> [JournaledChange] {
        throw FakeCopyError.unsupported(call: "changes(since:most:)")
    }

    func search(_ request: SearchRequest) async throws -> [(item: Item, row: SearchRow)] {
        try state.withLock { state in
            let catalog = state.catalog
            let matcher = request.excerptMatcher
            return try state.rows.index.search(request).compactMap { row in
                state.rows.items[row.itemId].map { stored in
                    let item = Self.read(stored.item, catalog: catalog)
                    return (item: item, row: row.excerpting(item, catalog: catalog, matcher: matcher))
                }
            }
        }
    }

    func displays(of items: [Item], catalog: CopyCatalog) async throws -> [ItemDisplay] {
        guard let display = script.displays else { throw FakeCopyError.unsupported(call: "items.displays") }
        return items.map(display)
    }

    func linkCandidates(of text: String, in itemId: String, limit: Int) async throws -> [LinkCandidate] {
        guard let candidates = script.linkCandidates else {
            throw FakeCopyError.unsupported(call: "items.linkCandidates")
        }
        return candidates(text, itemId).prefix(limit).map { candidate in
            var candidate = candidate
            candidate.target = text
            return candidate
        }
    }

    func close() async {}

    /// An item as a read answers it: its title and body worked out from the catalog, as the
    /// store does on every read.
    static func read(_ item: Item, catalog: CopyCatalog) -> Item {
        var item = item
        (item.title, item.body) = catalog.display(type: item.type, properties: item.properties)
        return item
    }
}
#endif
