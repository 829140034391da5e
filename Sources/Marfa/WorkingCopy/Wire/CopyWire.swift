import Foundation

/// The calls a copy makes to fill and follow itself. Each answer is read through `WireShapes`, for
/// only what the copy uses, so servers of other versions and shapes are read too (see the
/// working-copy guide). Every read after the stream's bootstrap carries the view the copy holds
/// on the doors that take one; a conditional read refused because the read view changed, or
/// answered for another view, throws `copyExpired(read_view_changed)`.
struct CopyWire: Sendable {
    let server: Server

    var exchange: WireExchange { WireExchange(server: server) }

    /// The key's own record, to check what it may read before anything is cleared.
    func currentKey(view: String?) async throws(MarfaError) -> KeyReach {
        KeyReach(try await exchange.get(WireCall(Operations.GetCurrentKey.self), view: view))
    }

    /// The instance's types: a bare array, `{types}` or pages walked on by their cursor.
    func itemTypes(view: String?) async throws(MarfaError) -> [Components.Schemas.ItemType] {
        let first = try await exchange.get(WireCall(Operations.ListTypes.self), view: view)
        return try Self.itemTypes(try await catalogRows(first, of: .types, view: view))
    }

    /// The instance's types with their `ETag`, or nil when they are unchanged since `tag` (a `304`;
    /// a server without tags always answers them).
    func itemTypes(
        view: String?, ifChangedSince tag: String?
    ) async throws(MarfaError)
        -> (types: [Components.Schemas.ItemType], tag: String?)?
    {
        guard
            let answer = try await exchange.getIfChanged(WireCall(Operations.ListTypes.self), view: view, tag: tag)
        else {
            return nil
        }
        let first = try WireExchange.json(answer.body, what: Operations.ListTypes.id)
        return (try Self.itemTypes(try await catalogRows(first, of: .types, view: view)), answer.tag)
    }

    private static func itemTypes(_ rows: [JSONValue]) throws(MarfaError) -> [Components.Schemas.ItemType] {
        try rows.map { row throws(MarfaError) in
            try WireShapes.decode(Components.Schemas.ItemType.self, from: try WireShapes.itemType(row), what: "type")
        }
    }

    /// The instance's edge types (`{edge_types}` or pages); none from a server without the door.
    func edgeTypes(view: String?) async throws(MarfaError) -> [CatalogEdgeType] {
        guard
            let answer = try await Self.doorAbsentAsNil({ () async throws(MarfaError) in
                try await exchange.get(WireCall(Operations.ListEdgeTypes.self), view: view)
            })
        else { return [] }
        return try Self.edgeTypes(try await catalogRows(answer, of: .edgeTypes, view: view))
    }

    /// The instance's edge types with their `ETag`, or nil when they are unchanged since `tag`;
    /// none, untagged, from a server without the door.
    func edgeTypes(
        view: String?, ifChangedSince tag: String?
    ) async throws(MarfaError)
        -> (edgeTypes: [CatalogEdgeType], tag: String?)?
    {
        let answer: (body: [UInt8], tag: String?)?
        do {
            answer = try await exchange.getIfChanged(
                WireCall(Operations.ListEdgeTypes.self), view: view, tag: tag)
        } catch let error where Self.isAbsentDoor(error) {
            return ([], nil)
        }
        guard let answer else { return nil }
        let first = try WireExchange.json(answer.body, what: Operations.ListEdgeTypes.id)
        return (try Self.edgeTypes(try await catalogRows(first, of: .edgeTypes, view: view)), answer.tag)
    }

    /// Each row as the generated shape, with the fields beside it that the catalog keeps too.
    private static func edgeTypes(_ rows: [JSONValue]) throws(MarfaError) -> [CatalogEdgeType] {
        try rows.map { row throws(MarfaError) in
            let wire = try WireShapes.decode(
                Components.Schemas.EdgeType.self, from: try WireShapes.edgeType(row), what: "edge type")
            return CatalogEdgeType(wire, row: row)
        }
    }

    /// A catalog listing: its door, the member an older server lists its rows in, and its name.
    private enum CatalogListing {
        case types, edgeTypes

        var list: String { self == .types ? "types" : "edge_types" }
        var what: String { self == .types ? "type list" : "edge type list" }
        var call: WireCall {
            self == .types ? WireCall(Operations.ListTypes.self) : WireCall(Operations.ListEdgeTypes.self)
        }
    }

    /// Every row of a catalog listing whose first answer is `first`: a whole answer as it is, a
    /// paged one walked on by its cursor (as the official core reads it), bounded as every walk is.
    private func catalogRows(
        _ first: JSONValue, of listing: CatalogListing, view: String?
    ) async throws(MarfaError) -> [JSONValue] {
        var page = try WireShapes.page(first, list: listing.list, what: listing.what)
        var rows = page.rows
        var walk = WalkGuard(listing.what)
        try walk.note(ids: page.rows.compactMap { $0["id"]?.string }, next: page.cursor)
        while let cursor = page.cursor {
            let answer = try await exchange.get(listing.call, query: [("cursor", cursor)], view: view)
            page = try WireShapes.page(answer, list: listing.list, what: listing.what)
            try walk.note(ids: page.rows.compactMap { $0["id"]?.string }, next: page.cursor)
            rows += page.rows
        }
        return rows
    }

    /// One page of the items of `type` (with its subtree) in `tier`, every state, with metadata.
    func itemsPage(
        type: String, tier: SliceTier, limit: Int? = nil, cursor: String?, view: String?
    ) async throws(MarfaError)
        -> WirePage<Components.Schemas.ItemEnvelope>
    {
        let query: [(String, String?)] = [
            ("type", type), ("state", "any"), ("tier", tier.rawValue), ("limit", String(limit ?? 200)),
            ("cursor", cursor),
            ("include", "metadata"),
        ]
        let answer = try await exchange.getBytes(WireCall(Operations.ListItems.self), query: query, view: view)
        return try Self.itemPage(answer, what: "item listing")
    }

    /// A page of items with metadata: each row read straight when it has the plain shape
    /// (`WireItemEnvelope`), else the generated shape at once, else read tolerantly.
    private static func itemPage(
        _ bytes: [UInt8], what: String
    ) throws(MarfaError) -> WirePage<Components.Schemas.ItemEnvelope> {
        try WireShapes.read(
            Components.Schemas.ItemEnvelopePage.self, from: bytes, what: what, plain: plainItemPage,
            direct: { WirePage(rows: $0.data, cursor: $0.hasMore ? $0.cursor : nil) }
        ) { json throws(MarfaError) in
            try WirePage(json, what: what) { row throws(MarfaError) in
                try WireShapes.decode(
                    Components.Schemas.ItemEnvelope.self, from: try WireShapes.envelope(row), what: "item")
            }
        }
    }

    /// A page whose rows all have the plain shape, read without the generated decoding; nil
    /// otherwise.
    private static func plainItemPage(_ json: JSONValue) -> WirePage<Components.Schemas.ItemEnvelope>? {
        guard case .object(let page) = json, case .array(let data)? = page["data"],
            case .bool(let hasMore)? = page["has_more"]
        else { return nil }
        var rows: [Components.Schemas.ItemEnvelope] = []
        rows.reserveCapacity(data.count)
        for row in data {
            guard let envelope = WireItemEnvelope.read(row) else { return nil }
            rows.append(envelope)
        }
        let cursor: String?
        switch page["cursor"] {
        case .string(let text)?: cursor = text
        case nil, .null?: cursor = nil
        default: return nil
        }
        return WirePage(rows: rows, cursor: hasMore ? cursor : nil)
    }

    /// A page of edges: the generated shape at once, else read tolerantly.
    private static func edgePage(_ bytes: [UInt8], what: String) throws(MarfaError) -> WirePage<Components.Schemas.Edge>
    {
        try WireShapes.read(
            Components.Schemas.EdgePage.self, from: bytes, what: what,
            direct: { WirePage(rows: $0.data, cursor: $0.hasMore ? $0.cursor : nil) }
        ) { json throws(MarfaError) in try WirePage(json, what: what, Self.edge) }
    }

    /// One page of the bin: the trashed items of `type` (every type when nil), with metadata.
    func binPage(
        type: String?, cursor: String?, limit: Int, view: String?
    ) async throws(MarfaError) -> WirePage<Components.Schemas.ItemEnvelope> {
        let query: [(String, String?)] = [
            ("type", type), ("state", "trashed"), ("limit", String(limit)), ("cursor", cursor), ("include", "metadata"),
        ]
        return try Self.itemPage(
            try await exchange.getBytes(WireCall(Operations.ListItems.self), query: query, view: view),
            what: "bin listing"
        )
    }

    /// One page of every edge the key reads; an empty last page from a server without the door.
    func edgesPage(cursor: String?, view: String?) async throws(MarfaError) -> WirePage<Components.Schemas.Edge> {
        do {
            let answer = try await exchange.getBytes(
                WireCall(Operations.ListEdges.self), query: [("limit", "500"), ("cursor", cursor)], view: view)
            return try Self.edgePage(answer, what: "edge listing")
        } catch let error where Self.isAbsentDoor(error) {
            return WirePage(rows: [], cursor: nil)
        }
    }

    /// One page of the edges leaving item `id`; none when the server no longer has the item (`404`).
    func itemEdgesPage(
        id: String, cursor: String?, view: String?
    ) async throws(MarfaError) -> WirePage<Components.Schemas.Edge> {
        do {
            let answer = try await exchange.getBytes(
                WireCall(Operations.ListItemEdges.self, id), query: [("limit", "500"), ("cursor", cursor)], view: view)
            return try Self.edgePage(answer, what: "edge listing")
        } catch .notFound {
            return WirePage(rows: [], cursor: nil)
        }
    }

    /// The item `id` with its metadata, or nil when the key reads no such item.
    func item(id: String, view: String?) async throws(MarfaError) -> Components.Schemas.ItemDetail? {
        guard
            let answer = try await absentAsNil({ () async throws(MarfaError) in
                try await exchange.get(WireCall(Operations.GetItem.self, id), view: view)
            })
        else { return nil }
        return try WireShapes.decode(
            Components.Schemas.ItemDetail.self, from: try WireShapes.envelope(answer), what: "item")
    }

    /// The edge `id`, or nil when the key reads no such edge.
    func edge(id: String, view: String?) async throws(MarfaError) -> Components.Schemas.Edge? {
        guard
            let answer = try await absentAsNil({ () async throws(MarfaError) in
                try await exchange.get(WireCall(Operations.GetEdge.self, id), view: view)
            })
        else { return nil }
        return try Self.edge(answer["edge"]?.object != nil ? answer["edge"]! : answer)
    }

    /// Every view the instance keeps (`{views}` or a page); none from a server without the door.
    /// `GET /views` is no conditional read, so it carries no view: a server refuses one there.
    func views() async throws(MarfaError) -> [Components.Schemas.View] {
        guard
            let answer = try await Self.doorAbsentAsNil({ () async throws(MarfaError) in
                try await exchange.get(WireCall(Operations.ListViews.self), view: nil)
            })
        else { return [] }
        return try WireShapes.page(answer, list: "views", what: "view list").rows.map { row throws(MarfaError) in
            try WireShapes.viewAnswer(row)
        }
    }

    /// Purges the trashed item `id` for good; any success answers, its body unread.
    func purge(id: String, idempotencyKey: String) async throws(MarfaError) {
        var fields = HTTPFields()
        fields["Idempotency-Key"] = idempotencyKey
        let call = WireCall(Operations.PurgeItem.self, id)
        _ = try await exchange.send(call.head(fields), body: nil, operation: call.operation, returningRefusals: false)
    }

    /// Registers a declared type; any success answers (`{type}` or the definition itself).
    func register(_ type: Components.Schemas.TypeDefinitionInput) async throws(MarfaError) {
        let body = try Self.encoded(type)
        _ = try await exchange.write(WireCall(Operations.RegisterType.self), json: body)
    }

    /// Makes a view (`id` nil) or changes the view `id`; answers it as the server stored it
    /// (`{view}` or the view itself).
    func save(
        view body: some Encodable, id: String?, idempotencyKey: String
    ) async throws(MarfaError) -> Components.Schemas.View {
        let json = try Self.encoded(body)
        let answer =
            if let id {
                try await exchange.write(
                    WireCall(Operations.UpdateView.self, id), json: json, idempotencyKey: idempotencyKey)
            } else {
                try await exchange.write(
                    WireCall(Operations.CreateView.self), json: json, idempotencyKey: idempotencyKey)
            }
        return try WireShapes.viewAnswer(answer)
    }

    /// Deletes the view `id`.
    func delete(view id: String, idempotencyKey: String) async throws(MarfaError) {
        _ = try await exchange.write(WireCall(Operations.DeleteView.self, id), idempotencyKey: idempotencyKey)
    }

    private static func encoded<T: Encodable>(_ value: T) throws(MarfaError) -> JSONValue {
        do {
            return try JSONValueEncoder.encode(value)
        } catch {
            throw .invalid(message: "The request couldn't be written: \(error)")
        }
    }

    private static func edge(_ row: JSONValue) throws(MarfaError) -> Components.Schemas.Edge {
        try WireShapes.decode(Components.Schemas.Edge.self, from: try WireShapes.edge(row), what: "edge")
    }

    /// `body`'s answer, or nil for a `404` naming the contract (a door or row the server doesn't have).
    private func absentAsNil(_ body: () async throws(MarfaError) -> JSONValue) async throws(MarfaError) -> JSONValue? {
        do {
            return try await body()
        } catch .notFound {
            return nil
        }
    }

    /// `body`'s answer, or nil when the server lacks the door: any `404`, with the contract or bare
    /// (a server that never had `/edges`, `/edge-types` or `/views` answers it from its router).
    private static func doorAbsentAsNil(
        _ body: () async throws(MarfaError) -> JSONValue
    ) async throws(MarfaError) -> JSONValue? {
        do {
            return try await body()
        } catch let error where isAbsentDoor(error) {
            return nil
        }
    }

    /// Whether `error` says the door isn't there: a `404`, named by the contract or not.
    private static func isAbsentDoor(_ error: MarfaError) -> Bool {
        switch error {
        case .notFound: true
        case .unnamed(let status, _): status == 404
        default: false
        }
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
        let headers = Operations.StreamEvents.Input.Headers(
            lastEventID: cursor, xMarfaReadView: cursor == nil ? nil : view)
        let client = Client(
            serverURL: server.url, configuration: server.clientConfiguration, transport: server.transport,
            middlewares: server.middlewares)
        try await server.run(timeout: nil, idleTimeout: .seconds(75)) {
            let body: HTTPBody
            do {
                body = try await client.streamEvents(query: .init(edges: .all, copy: ._1), headers: headers).ok.body
                    .textEventStream
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
                guard await frames.add(try CopyFrame(id: event.id, event: event.event, data: data)) else { return }
            }
            frames.finish(nil)
        } catch {
            frames.finish(certifiedError(MarfaError(error)))
        }
    }

    /// `409 read_view_changed` as `copyExpired(read_view_changed)`; every other error as it is.
    static func certifiedError(_ error: MarfaError) -> MarfaError {
        if case .server(409, "read_view_changed", _) = error {
            return .copyExpired(
                reason: "read_view_changed", message: "The instance changed what this copy may read. Hydrate it again.")
        }
        return error
    }
}
