import Foundation

/// The calls a copy makes to fill and follow itself, through the server's generated client. A
/// conditional read refused because the read view changed throws `copyExpired(read_view_changed)`.
struct CopyWire: Sendable {
    let server: Server

    /// The key's own record, to check what it may read before anything is cleared.
    func currentKey() async throws(MarfaError) -> Components.Schemas.ApiKey {
        try await certified { try await $0.getCurrentKey().ok.body.json }
    }

    func itemTypes(view: String?) async throws(MarfaError) -> [Components.Schemas.ItemType] {
        try await certified { try await $0.listTypes(headers: .init(xMarfaReadView: view)).ok.body.json }
    }

    func edgeTypes(view: String?) async throws(MarfaError) -> [Components.Schemas.EdgeType] {
        try await certified { try await $0.listEdgeTypes(headers: .init(xMarfaReadView: view)).ok.body.json.edgeTypes }
    }

    /// One page of the items of `type` (with its subtree) in `tier`, every state, with metadata.
    func itemsPage(type: String, tier: SliceTier, limit: Int? = nil, cursor: String?, view: String?) async throws(MarfaError)
        -> Components.Schemas.ItemEnvelopePage
    {
        let query = Operations.ListItems.Input.Query(
            _type: type, state: "any", tier: .init(rawValue: tier.rawValue), limit: limit ?? 200, cursor: cursor,
            include: "metadata")
        let page = try await certified { try await $0.listItems(query: query, headers: .init(xMarfaReadView: view)).ok.body.json }
        guard let envelopes = page.value2 else {
            throw .decoding(message: "The server listed items without their metadata, which a copy needs.")
        }
        return envelopes
    }

    /// One page of every edge the key reads.
    func edgesPage(cursor: String?, view: String?) async throws(MarfaError) -> Components.Schemas.EdgePage {
        try await certified {
            try await $0.listEdges(query: .init(limit: 500, cursor: cursor), headers: .init(xMarfaReadView: view)).ok.body.json
        }
    }

    /// One page of the edges leaving item `id`.
    func itemEdgesPage(id: String, cursor: String?, view: String?) async throws(MarfaError) -> Components.Schemas.EdgePage {
        try await certified {
            try await $0.listItemEdges(path: .init(id: id), query: .init(limit: 500, cursor: cursor), headers: .init(xMarfaReadView: view))
                .ok.body.json
        }
    }

    /// The item `id` with its metadata, or nil when the key reads no such item.
    func item(id: String, view: String?) async throws(MarfaError) -> Components.Schemas.ItemDetail? {
        do {
            return try await certified { try await $0.getItem(path: .init(id: id), headers: .init(xMarfaReadView: view)).ok.body.json }
        } catch .notFound {
            return nil
        }
    }

    /// The edge `id`, or nil when the key reads no such edge.
    func edge(id: String, view: String?) async throws(MarfaError) -> Components.Schemas.Edge? {
        do {
            return try await certified { try await $0.getEdge(path: .init(id: id), headers: .init(xMarfaReadView: view)).ok.body.json.edge }
        } catch .notFound {
            return nil
        }
    }

    /// Every view the instance keeps.
    func views() async throws(MarfaError) -> [Components.Schemas.View] {
        try await server.call(timeout: Server.defaultTimeout) { try await $0.listViews().ok.body.json.views }
    }

    /// Registers a declared type.
    func register(_ type: Components.Schemas.TypeDefinitionInput) async throws(MarfaError) {
        _ = try await certified { try await $0.registerType(body: .json(type)).created }
    }

    /// Reads the copy stream from `cursor` (nil: the bootstrap, which sends no view), handing each
    /// frame to `frame` until it returns false or the stream ends.
    func copyStream(
        cursor: String?, view: String?, _ frame: @Sendable (CopyFrame) async throws(MarfaError) -> Bool
    ) async throws(MarfaError) {
        try await copyStream(cursor: cursor, view: view) { (frames: [CopyFrame]) throws(MarfaError) in
            for each in frames {
                guard try await frame(each) else { return false }
            }
            return true
        }
    }

    /// The most frames handed over at once.
    static let batchLimit = 512

    /// Reads the copy stream from `cursor` on a task of its own, handing `batch` every frame read
    /// while the last batch was handled (at least one, at most `batchLimit`), so the slower the
    /// handling, the larger the batch. Stops when `batch` returns false or the stream ends; an
    /// error reading the stream is thrown after the frames read before it are handed over.
    func copyStream(
        cursor: String?, view: String?, batches batch: @Sendable ([CopyFrame]) async throws(MarfaError) -> Bool
    ) async throws(MarfaError) {
        let headers = Operations.StreamEvents.Input.Headers(lastEventID: cursor, xMarfaReadView: cursor == nil ? nil : view)
        let client = Client(
            serverURL: server.url, configuration: server.clientConfiguration, transport: server.transport,
            middlewares: server.middlewares)
        try await server.run(timeout: nil, idleTimeout: .seconds(75)) {
            let body: HTTPBody
            do {
                body = try await client.streamEvents(query: .init(edges: .all, copy: ._1), headers: headers).ok.body.textEventStream
            } catch {
                throw Self.certifiedError(MarfaError(error))
            }
            let frames = BatchBuffer<CopyFrame>(capacity: 2 * Self.batchLimit)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await Self.read(body, into: frames) }
                defer {
                    frames.close()
                    group.cancelAll()
                }
                while let taken = try await frames.take(limit: Self.batchLimit) {
                    guard try await batch(taken) else { return }
                }
            }
        }
    }

    /// Reads the stream's frames into `frames` until it ends, fails or the taker closes it.
    private static func read(_ body: HTTPBody, into frames: BatchBuffer<CopyFrame>) async {
        do {
            for try await event in body.asServerSentEvents() {
                guard let data = event.data, !data.isEmpty else { continue }
                guard await frames.add(try CopyFrame(id: event.id, data: data)) else { return }
            }
            frames.finish(nil)
        } catch {
            frames.finish(certifiedError(MarfaError(error)))
        }
    }

    private func certified<T>(_ body: (Client) async throws -> T) async throws(MarfaError) -> T {
        do {
            return try await server.call(timeout: Server.defaultTimeout, body)
        } catch {
            throw Self.certifiedError(error)
        }
    }

    /// `409 read_view_changed` as `copyExpired(read_view_changed)`; every other error as it is.
    static func certifiedError(_ error: MarfaError) -> MarfaError {
        if case .server(409, "read_view_changed", _) = error {
            return .copyExpired(reason: "read_view_changed", message: "The instance changed what this copy may read. Hydrate it again.")
        }
        return error
    }
}
