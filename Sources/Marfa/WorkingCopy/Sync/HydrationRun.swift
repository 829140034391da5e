import Foundation
import Synchronization

/// One hydration, in the order the protocol sets: the key's reach checked before anything is
/// cleared, the declared types registered, the copy stream's head taken before any row is read,
/// then the catalog, the item walks, the edges and the pins.
struct HydrationRun: Sendable {
    let wire: CopyWire
    let store: SQLiteCopyStore
    let slice: CopySlice
    let progress: @Sendable (CopyUpdate.Progress) -> Void

    func run() async throws(MarfaError) -> HydrateReport {
        let held = try await store.heldView()
        try await Self.unlessViewChanged(held) { view throws(MarfaError) in
            try await ReachCheck(wire: wire).check(slice.types, view: view)
        }
        let (registered, unregistered) = try await registerDeclaredTypes(view: held)
        let head = try await bootstrap()
        try Self.checkCancellation()
        try await store.beginHydration()
        try await store.replaceCatalog(
            itemTypes: try await wire.itemTypes(view: head.readView),
            edgeTypes: try await wire.edgeTypes(view: head.readView))
        var counts = CopyUpdate.Progress()
        for type in slice.types { try await walkItems(of: type, view: head.readView, counts: &counts) }
        let edges = try await walkEdges(view: head.readView, counts: &counts)
        try await rereadPins(view: head.readView)
        try await store.store(wireViews: try await readableViews(), replacingAll: true)
        guard let origin = Server.origin(of: wire.server.url) else {
            throw .invalid(message: "The server's address has no origin.")
        }
        try await store.finishHydration(
            HydratedPosition(
                origin: origin, instanceID: head.instanceID, cursor: head.cursor, readView: head.readView, slice: slice)
        )
        return HydrateReport(
            types: slice.types, tier: slice.tier, edgeTypes: slice.edgeTypes, items: counts.items, edges: edges,
            pages: counts.pages, cursor: head.cursor, registeredTypes: registered, unregisteredTypes: unregistered)
    }

    /// Where the copy stream's bootstrap marker puts the copy. A server without read views names
    /// none (and may name no instance): the copy then holds none and reads without one.
    struct Head {
        var cursor: String
        var instanceID: String?
        var readView: String?
    }

    /// The copy stream's first frame, read with neither cursor nor view: the log head, the
    /// instance and the read view, all taken before any row is read.
    private func bootstrap() async throws(MarfaError) -> Head {
        let marker = Locked<Components.Schemas.StreamCursorFrame?>(nil)
        try await wire.copyStream(cursor: nil, view: nil) { frame throws(MarfaError) in
            guard case .streamCursorFrame(let first) = frame.frame else {
                throw .decoding(message: "The server's copy stream didn't begin with its cursor.")
            }
            marker.withLock { $0 = first }
            return false
        }
        guard let first = marker.withLock({ $0 }) else {
            throw .streamIncomplete(
                reason: "replay_failed",
                message: "The server's copy stream ended before it said where its events stand.")
        }
        return Head(cursor: first.cursor, instanceID: first.instanceId, readView: first.readView)
    }

    /// Registers the declared types the instance lacks, when the credential may.
    private func registerDeclaredTypes(
        view: String?
    ) async throws(MarfaError) -> ([String], [HydrateReport.UnregisteredType]) {
        let declared = try await store.heldDeclarations()
        guard !declared.isEmpty else { return ([], []) }
        let held = Set(
            try await Self.unlessViewChanged(view) { view throws(MarfaError) in try await wire.itemTypes(view: view) }
                .map(\.id))
        var registered: [String] = []
        var unregistered: [HydrateReport.UnregisteredType] = []
        for type in declared where !held.contains(type.id) {
            do {
                try await wire.register(type)
                registered.append(type.id)
            } catch .validation(let code, let message, _), .forbidden(let code, let message), .server(
                _, let code, let message)
            {
                unregistered.append(.init(id: type.id, code: code, message: message))
            }
        }
        return (registered, unregistered)
    }

    /// Walks every page of `type`'s items, reading the next page while the last one is stored.
    private func walkItems(of type: String, view: String?, counts: inout CopyUpdate.Progress) async throws(MarfaError) {
        var walk = WalkGuard("listing of \(type) items")
        var page = try await wire.itemsPage(type: type, tier: slice.tier, cursor: nil, view: view)
        while true {
            try Self.checkCancellation()
            try walk.note(ids: page.rows.map(\.item.id), next: page.cursor)
            guard let cursor = page.cursor else {
                try await store(page, counts: &counts)
                return
            }
            async let following = Self.settle { () async throws(MarfaError) in
                try await wire.itemsPage(type: type, tier: slice.tier, cursor: cursor, view: view)
            }
            try await store(page, counts: &counts)
            page = try await following.get()
        }
    }

    private func store(
        _ page: WirePage<Components.Schemas.ItemEnvelope>, counts: inout CopyUpdate.Progress
    ) async throws(MarfaError) {
        try await store.store(page: page.rows)
        counts.pages += 1
        counts.items += page.rows.count
        progress(counts)
    }

    private func walkEdges(view: String?, counts: inout CopyUpdate.Progress) async throws(MarfaError) -> Int {
        var cursor: String?
        var stored = 0
        var walk = WalkGuard("listing of edges")
        repeat {
            try Self.checkCancellation()
            let page = try await wire.edgesPage(cursor: cursor, view: view)
            try walk.note(ids: page.rows.map(\.id), next: page.cursor)
            stored += try await store.store(edges: page.rows, wholeTypes: Set(slice.edgeTypes))
            counts.pages += 1
            progress(counts)
            cursor = page.cursor
        } while cursor != nil
        return stored
    }

    /// The views the instance keeps, or none when the credential may not read them.
    private func readableViews() async throws(MarfaError) -> [Components.Schemas.View] {
        do {
            return try await wire.views()
        } catch .forbidden {
            return []
        }
    }

    private func rereadPins(view: String?) async throws(MarfaError) {
        for id in try await store.pinnedIDs() {
            try Self.checkCancellation()
            try await store.reset(itemId: id, to: try await wire.item(id: id, view: view))
        }
    }

    /// Runs `body` with `view`, and once more without a view when the server says it changed: a
    /// hydration is how a copy takes the new one.
    static func unlessViewChanged<T>(
        _ view: String?, _ body: (String?) async throws(MarfaError) -> T
    ) async throws(MarfaError) -> T {
        do {
            return try await body(view)
        } catch MarfaError.copyExpired(let reason, _) where reason == "read_view_changed" && view != nil {
            return try await body(nil)
        }
    }

    /// `body`'s value or error, as a `Result`.
    static func settle<T>(_ body: () async throws(MarfaError) -> T) async -> Result<T, MarfaError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    static func checkCancellation() throws(MarfaError) {
        if Task.isCancelled { throw .canceled }
    }
}
