import Foundation
import Marfa
import MarfaHTTP
import MarfaHTTPServer
import Synchronization

/// A Marfa server over a real socket on 127.0.0.1 (a `MicroHTTPDServer`), holding a few items,
/// edges, views and an event log in memory, answering in one of several dialects: the shapes of
/// the local instance, or the variations real Marfa servers and the official core's fixtures
/// send. It can also misbehave (looping cursors, growing pages, stuck replays) and records every
/// request it received.
final class ScriptedMarfa: Sendable {
    /// How the server shapes its answers.
    enum Dialect: String, Sendable, CaseIterable, CustomStringConvertible {
        /// The local instance's shapes: `{data, cursor, has_more}` pages, full rows, `event_type`.
        case local
        /// The variations: `{data, next_cursor}` pages, types and edge types as pages with small
        /// rows, a key record of `type_permissions` only, `occurred_at`, listing rows carrying
        /// edge blocks and tags-only metadata, frames naming their kind in `type` (an edge
        /// event's on the SSE `event:` line alone) after a `: connected` comment, writes
        /// answered with few fields.
        case variant
        /// The variations on a server without `/edge-types`, `/edges` and `/views` (each `404`).
        case doorless
        /// The official core's fixtures: the variations, with the doors they lack (`/edge-types`,
        /// `/edges`, `/views`) a bare `404` with no envelope or contract, the type catalog in pages
        /// walked by cursor, and before each event one of a kind this build doesn't know.
        case fixture

        /// Whether the server lacks the edge and view doors.
        var lacksDoors: Bool { self == .doorless || self == .fixture }

        var description: String { rawValue }
    }

    /// A way of misbehaving a test asks for.
    enum Misbehaviour: Sendable {
        /// Every item page names the same next cursor.
        case loopingCursor
        /// Every item page repeats the same rows, each time more of them, under a new cursor.
        case growingPages
        /// The edges of an item page on under the same cursor forever.
        case stuckItemEdges
        /// A catch-up replays the event at the copy's cursor again and again.
        case stuckReplay
        /// Conditional reads are answered certified for another view than the one sent.
        case otherView
        /// `GET /types` answers every page naming the same next cursor.
        case loopingCatalog
        /// A server from before read views: the copy stream's first marker names only its cursor,
        /// and a read that carries `X-Marfa-Read-View` is refused `400`.
        case viewless
        /// Every catch-up or follow stream is refused `429` with `Retry-After: 45`.
        case busyStreams
    }

    static let readView = String(repeating: "ab", count: 32)
    static let instanceID = "inst-scripted"
    static let pageSize = 2

    struct State: Sendable {
        var items: [String: JSONObject] = [:]
        var order: [String] = []
        var tags: [String: [String]] = [:]
        var edges: [JSONObject] = []
        var views: [JSONObject] = []
        var types: [String] = ["core.note"]
        var events: [(id: Int, frame: JSONObject)] = []
        var misbehaviour: Misbehaviour?
        var minted = 0
        /// How many more catch-up or follow streams end with `credential_ended` after their first
        /// event, as the real server ends a stream whose access token expired.
        var credentialEnds = 0
        /// Tokens whose streams ended that way: refused `401` from then on.
        var endedTokens: Set<String> = []
    }

    let dialect: Dialect
    let state = Mutex(State())
    private let log = Mutex<[(method: String, path: String, headers: HTTPFields)]>([])
    private let http: MicroHTTPDServer

    init(_ dialect: Dialect) throws {
        self.dialect = dialect
        http = MicroHTTPDServer(host: "127.0.0.1", port: 0)
        http.registerFallback { [self] request, body, _ in
            let bytes = try await body?.collect(upTo: 1 << 20) ?? []
            self.log.withLock { $0.append((request.method.rawValue, request.path, request.headerFields)) }
            return self.answer(request, body: bytes)
        }
        try http.start()
    }

    var url: URL { http.url }

    func stop() async { await http.shutdown() }

    /// Every request received, in order: method, path with query, headers.
    var requests: [(method: String, path: String, headers: HTTPFields)] { log.withLock { $0 } }

    func misbehave(_ misbehaviour: Misbehaviour?) { state.withLock { $0.misbehaviour = misbehaviour } }

    /// Ends the next `count` streams read from a cursor with `stream_incomplete` `credential_ended`
    /// after their first event (its `cursor` naming that event), and refuses the token each was
    /// opened with from then on, as the real server does when a stream's access token expires.
    func endStreamsWithCredentialEnded(_ count: Int) { state.withLock { $0.credentialEnds = count } }

    // MARK: Another client's writes

    /// Creates an item as another client would, with its event; answers its id.
    @discardableResult
    func createItem(_ type: String = "core.note", title: String, tags: [String] = []) -> String {
        state.withLock { state in
            state.minted += 1
            let id = String(format: "0190a000-0000-7000-8000-%012d", state.minted)
            let now = "2026-12-04T10:00:\(String(format: "%02d", state.minted % 60))Z"
            state.items[id] = [
                "id": .string(id), "type": .string(type), "properties": .object(["title": .string(title)]),
                "state": "active",
                "version": 1, "created_at": .string(now), "updated_at": .string(now),
            ]
            state.order.append(id)
            state.tags[id] = tags
            record("item.created", item: id, in: &state)
            return id
        }
    }

    /// Retypes item `id` to `type` as another client would, with its `item.updated` event.
    func retype(_ id: String, to type: String) {
        state.withLock { state in
            guard var item = state.items[id] else { return }
            item["type"] = .string(type)
            item["version"] = .int((item["version"]?.int ?? 1) + 1)
            state.items[id] = item
            record("item.updated", item: id, in: &state)
        }
    }

    /// Makes a `derived-from` edge from `source` to `target`, with its event; answers its id.
    @discardableResult
    func createEdge(from source: String, to target: String) -> String {
        state.withLock { state in
            state.minted += 1
            let id = String(format: "0190b000-0000-7000-8000-%012d", state.minted)
            let edge: JSONObject = [
                "id": .string(id), "source_id": .string(source), "target_id": .string(target),
                "edge_type": "derived-from",
                "properties": .object([:]), "version": 1, "created_at": "2026-12-04T10:00:00Z",
                "updated_at": "2026-12-04T10:00:00Z",
            ]
            state.edges.append(edge)
            let nextID = (state.events.last?.id ?? 0) + 1
            var frame: JSONObject = ["edge": .object(edge), "source_type": "core.note"]
            frame[kindKey] = "edge.created"
            state.events.append((nextID, frame))
            return id
        }
    }

    private var kindKey: String { dialect == .local ? "event_type" : "type" }

    private func record(_ kind: String, item id: String, in state: inout State) {
        if dialect == .fixture {
            var unknown: JSONObject = ["item_id": .string(id)]
            unknown[kindKey] = "item.archived"
            state.events.append(((state.events.last?.id ?? 0) + 1, unknown))
        }
        var frame: JSONObject = ["item": .object(wireItem(id, in: state)), "listed": true]
        frame[kindKey] = .string(kind)
        if dialect == .local { frame["metadata"] = metadata(id, in: state) }
        state.events.append(((state.events.last?.id ?? 0) + 1, frame))
    }

    // MARK: Shapes

    /// An item as this dialect sends it.
    func wireItem(_ id: String, in state: State) -> JSONObject {
        var item = state.items[id] ?? [:]
        let created = item["created_at"] ?? "2026-12-04T10:00:00Z"
        switch dialect {
        case .local:
            item["timestamp"] = created
            item["schema_version"] = 1
            item["source"] = "scripted"
            item["tier"] = "library"
        case .variant, .doorless, .fixture:
            item["occurred_at"] = created
            item["updated_at"] = nil
        }
        return item
    }

    private func metadata(_ id: String, in state: State) -> JSONValue {
        let tags = JSONValue.array((state.tags[id] ?? []).map { .string($0) })
        return dialect == .local
            ? .object(["item_id": .string(id), "tags": tags, "extensions": .object([:])]) : .object(["tags": tags])
    }

    /// A listing row: `{item, metadata, listed}`; the variations put the item's edges in it.
    private func row(_ id: String, in state: State) -> JSONValue {
        var item = wireItem(id, in: state)
        if dialect != .local {
            let edges = state.edges.filter { $0["source_id"]?.string == id }.map(JSONValue.object)
            item["edges"] = .object(["derived-from": .object(["data": .array(edges), "next_cursor": .null])])
        }
        return .object(["listed": true, "item": .object(item), "metadata": metadata(id, in: state)])
    }

    /// A page of `rows` from the offset `cursor` names.
    private func page(_ rows: [JSONValue], cursor: String?) -> JSONValue {
        let start = cursor.flatMap { Int($0.dropFirst(1)) } ?? 0
        let slice = Array(rows.dropFirst(start).prefix(Self.pageSize))
        let next = start + Self.pageSize < rows.count ? JSONValue.string("o\(start + Self.pageSize)") : .null
        return pageAnswer(slice, next: next)
    }

    private func pageAnswer(_ rows: [JSONValue], next: JSONValue) -> JSONValue {
        if dialect == .local {
            return .object(["data": .array(rows), "cursor": next, "has_more": .bool(next != .null)])
        }
        return .object(["data": .array(rows), "next_cursor": next])
    }

    // MARK: Answers

    typealias Answer = (HTTPResponse, HTTPBody?)

    private func answer(_ request: HTTPRequest, body: [UInt8]) -> Answer {
        let (path, query) = Self.split(request.path)
        let view = request.headerFields["X-Marfa-Read-View"]
        let json = (try? JSONDecoder().decode(JSONValue.self, from: Data(body))) ?? .null
        let segments = path.split(separator: "/").map(String.init)
        if request.method == .get, let refusal = checkView(view, segments: segments) { return refusal }
        let first = segments.first ?? "", id = segments.count > 1 ? segments[1] : ""
        return state.withLock { state -> Answer in
            if let sent = request.headerFields["Authorization"], state.endedTokens.contains(sent) {
                return Self.refusal(401, "unauthorized")
            }
            let view = state.misbehaviour == .otherView && view != nil ? String(repeating: "cd", count: 32) : view
            switch (request.method, first, segments.count) {
            case (.get, "", 0):
                return Self.json(
                    dialect == .local
                        ? ["instance_id": .string(Self.instanceID), "contract": 0]
                        : ["instance_id": .string(Self.instanceID)])
            case (.get, "keys", 2) where id == "current": return Self.json(keyRecord)
            case (.get, "types", 1): return Self.json(typeList(state, cursor: query["cursor"]))
            case (.post, "types", 1):
                if let id = json["id"]?.string { state.types.append(id) }
                return Self.json(dialect == .local ? .object(["type": json]) : json, status: 201)
            case (.get, "edge-types", 1): return doorless ?? Self.json(edgeTypeList)
            case (.get, "items", 1): return Self.json(itemPage(query, state: &state), view: view)
            case (.get, "items", 2):
                guard state.items[id] != nil else { return Self.refusal(404, "item_not_found", view: view) }
                return Self.json(row(id, in: state), view: view)
            case (.get, "items", 3) where segments[2] == "edges":
                return Self.json(itemEdges(id, query: query, state: state), view: view)
            case (.get, "edges", 1):
                return doorless
                    ?? Self.json(page(state.edges.map(JSONValue.object), cursor: query["cursor"]), view: view)
            case (.post, "items", 1): return create(json, state: &state)
            case (.patch, "items", 2): return update(id, json, state: &state)
            case (.post, "items", 3) where segments[2] == "tags":
                guard state.items[id] != nil else { return Self.refusal(404, "item_not_found") }
                state.tags[id, default: []].append(contentsOf: json["tags"]?.array?.compactMap(\.string) ?? [])
                let tags = JSONValue.array((state.tags[id] ?? []).map { .string($0) })
                // The variations answer the metadata without its extensions.
                return Self.json(
                    dialect == .local
                        ? .object(["item_id": .string(id), "tags": tags, "extensions": .object([:])])
                        : .object(["item_id": .string(id), "tags": tags]))
            case (.get, "views", 1):
                let views = state.views.map(JSONValue.object)
                return doorless
                    ?? Self.json(dialect == .local ? .object(["views": .array(views)]) : pageAnswer(views, next: .null))
            case (.post, "views", 1): return doorless ?? saveView(nil, json, state: &state)
            case (.patch, "views", 2): return doorless ?? saveView(id, json, state: &state)
            case (.delete, "views", 2):
                state.views.removeAll { $0["id"]?.string == id }
                return doorless ?? Self.json(.object([:]))
            case (.get, "events", 1): return events(request, state: &state)
            default: return Self.refusal(404, "not_found")
            }
        }
    }

    /// A conditional read with another view is `409`; the header on another GET is `400`.
    private func checkView(_ view: String?, segments: [String]) -> Answer? {
        guard let view, segments != ["events"] else { return nil }
        if state.withLock({ $0.misbehaviour == .viewless }) { return Self.refusal(400, "validation_error") }
        let conditional =
            segments.first == "items" || segments.first == "edges" || segments == ["types"]
            || segments == ["edge-types"] || segments == ["keys", "current"]
        guard conditional else { return Self.refusal(400, "validation_error") }
        return view == Self.readView ? nil : Self.refusal(409, "read_view_changed")
    }

    private var doorless: Answer? {
        switch dialect {
        case .doorless: Self.refusal(404, "not_found")
        case .fixture: (HTTPResponse(status: 404, headerFields: [:]), HTTPBody())
        case .local, .variant: nil
        }
    }

    private var keyRecord: JSONValue {
        guard dialect == .local else { return .object(["type_permissions": .object(["*": "write"])]) }
        return .object([
            "id": "key-1", "label": "scripted", "source": "scripted", "role": "app", "default_tier": "library",
            "is_platform": false,
            "type_permissions": .object(["core.*": "write", "system.view": "write"]),
            "created_at": "2026-12-04T10:00:00Z",
            "last_used_at": .null,
        ])
    }

    private func typeList(_ state: State, cursor: String?) -> JSONValue {
        let rows: [JSONValue] = state.types.map { id in
            guard dialect == .local else {
                return .object(["id": .string(id), "display_hints": .object(["title_field": "title"])])
            }
            return .object([
                "id": .string(id), "version": 1, "fields": .object(["title": .object(["type": "string"])]),
                "display_hints": .object(["title_field": "title"]),
            ])
        }
        if state.misbehaviour == .loopingCatalog { return pageAnswer(rows, next: "more-types") }
        if dialect == .fixture {
            let extra = ["fixture.first", "fixture.second"].map { JSONValue.object(["id": .string($0)]) }
            return page(rows + extra, cursor: cursor)
        }
        return dialect == .local ? .array(rows) : pageAnswer(rows, next: .null)
    }

    private var edgeTypeList: JSONValue {
        guard dialect == .local else {
            // Rows as small as an id, and rows with the fields the official copy names: the
            // reverse name, the end that writes the edge and whether Marfa ships it, once of the
            // wrong kinds.
            let rows: [JSONValue] = [
                .object(["id": "derived-from"]),
                .object(["id": "app.cites", "reverse_name": "cited by", "written_at": "target", "shipped": false]),
                .object(["id": "app.odd", "reverse_name": 3, "written_at": "middle", "shipped": "yes"]),
            ]
            return pageAnswer(rows, next: .null)
        }
        return .object([
            "edge_types": .array([
                .object([
                    "id": "derived-from", "cardinality": "many-to-many", "source_type_constraints": .array([]),
                    "target_type_constraints": .array([]), "cascade_on_delete": "orphan",
                    "property_schema": .object([:]),
                ])
            ])
        ])
    }

    private func itemPage(_ query: [String: String], state: inout State) -> JSONValue {
        let type = query["type"] ?? ""
        let wanted = state.order.filter { id in
            let itemType = state.items[id]?["type"]?.string ?? ""
            let trashed = state.items[id]?["state"]?.string == "trashed"
            guard itemType == type || itemType.hasPrefix(type + ".") || type.isEmpty else { return false }
            return query["state"] == "trashed" ? trashed : true
        }
        let rows = wanted.map { row($0, in: state) }
        switch state.misbehaviour {
        case .loopingCursor?: return pageAnswer(Array(rows.prefix(1)), next: "loop")
        case .growingPages?:
            let round = (Int(query["cursor"]?.dropFirst(1) ?? "0") ?? 0) + 1
            return pageAnswer(Array(repeating: rows, count: round).flatMap { $0 }, next: .string("g\(round)"))
        default: return page(rows, cursor: query["cursor"])
        }
    }

    private func itemEdges(_ id: String, query: [String: String], state: State) -> JSONValue {
        let edges = state.edges.filter { $0["source_id"]?.string == id }.map(JSONValue.object)
        if case .stuckItemEdges? = state.misbehaviour { return pageAnswer(edges, next: "again") }
        return page(edges, cursor: query["cursor"])
    }

    private func create(_ body: JSONValue, state: inout State) -> Answer {
        state.minted += 1
        let id = body["id"]?.string ?? String(format: "0190c000-0000-7000-8000-%012d", state.minted)
        state.items[id] = [
            "id": .string(id), "type": body["type"] ?? "core.note", "properties": body["properties"] ?? .object([:]),
            "state": "active",
            "version": 1, "created_at": "2026-12-04T11:00:00Z", "updated_at": "2026-12-04T11:00:00Z",
        ]
        state.order.append(id)
        state.tags[id] = body["tags"]?.array?.compactMap(\.string) ?? []
        record("item.created", item: id, in: &state)
        return Self.json(written(id, state: state), status: 201)
    }

    private func update(_ id: String, _ body: JSONValue, state: inout State) -> Answer {
        guard var item = state.items[id] else { return Self.refusal(404, "item_not_found") }
        var properties = item["properties"]?.object ?? [:]
        for (key, value) in body["properties"]?.object ?? [:] { properties[key] = value }
        item["properties"] = .object(properties)
        item["version"] = .int((item["version"]?.int ?? 1) + 1)
        state.items[id] = item
        record("item.updated", item: id, in: &state)
        return Self.json(written(id, state: state))
    }

    /// A write's answer: the local instance's `{item, metadata}`, or `{item}` with few fields.
    private func written(_ id: String, state: State) -> JSONValue {
        guard dialect == .local else {
            let item = state.items[id] ?? [:]
            return .object([
                "item": .object([
                    "id": item["id"] ?? .null, "type": item["type"] ?? .null, "version": item["version"] ?? .null,
                ])
            ])
        }
        return .object(["item": .object(wireItem(id, in: state)), "metadata": metadata(id, in: state)])
    }

    private func saveView(_ id: String?, _ body: JSONValue, state: inout State) -> Answer {
        var view: JSONObject
        if let id {
            guard let index = state.views.firstIndex(where: { $0["id"]?.string == id }) else {
                return Self.refusal(404, "not_found")
            }
            view = state.views[index]
            view["version"] = .int((view["version"]?.int ?? 1) + 1)
            if let name = body["name"] { view["name"] = name }
            if let search = body["search"] { view["search"] = search }
            state.views[index] = view
        } else {
            state.minted += 1
            view = [
                "id": .string("view-\(state.minted)"), "version": 1, "name": body["name"] ?? "",
                "search": body["search"] ?? .object([:]),
            ]
            if dialect == .local {
                view["created_at"] = "2026-12-04T11:00:00Z"
                view["updated_at"] = "2026-12-04T11:00:00Z"
            }
            state.views.append(view)
        }
        return Self.json(.object(["view": .object(view)]), status: id == nil ? 201 : 200)
    }

    /// The copy stream: the bootstrap's marker alone, or a catch-up's replay after the cursor and
    /// `stream_live`.
    private func events(_ request: HTTPRequest, state: inout State) -> Answer {
        let cursor = request.headerFields["Last-Event-ID"]
        let head = state.events.last?.id ?? 0
        var marker: JSONObject = ["cursor": .string(String(head))]
        if state.misbehaviour != .viewless {
            marker["instance_id"] = .string(Self.instanceID)
            marker["read_view"] = .string(Self.readView)
        }
        marker[kindKey] = "stream_cursor"
        // The variations open with a comment, as the official core's fixtures do.
        var text = (dialect == .local ? "" : ": connected\n\n") + Self.frame(nil, .object(marker))
        guard let cursor, let from = Int(cursor) else {
            return (Self.head(200, "text/event-stream"), HTTPBody(text))
        }
        if state.misbehaviour == .busyStreams {
            var busy = Self.refusal(429, "rate_limited")
            busy.0.headerFields["Retry-After"] = "45"
            return busy
        }
        if case .stuckReplay? = state.misbehaviour,
            let first = state.events.first(where: { $0.id >= from }) ?? state.events.last
        {
            for _ in 0..<400 { text += Self.frame(String(from), .object(first.frame)) }
            return (Self.head(200, "text/event-stream"), HTTPBody(text))
        }
        if state.credentialEnds > 0 {
            state.credentialEnds -= 1
            if let sent = request.headerFields["Authorization"] { state.endedTokens.insert(sent) }
            return (Self.head(200, "text/event-stream"), HTTPBody(text + credentialEnded(after: from, state: state)))
        }
        for event in state.events where event.id > from { text += render(event.id, event.frame) }
        marker[kindKey] = "stream_live"
        text += Self.frame(nil, .object(marker))
        return (Self.head(200, "text/event-stream"), HTTPBody(text))
    }

    /// The first event after `from`, then the terminal frame the real server sends when the
    /// stream's credential ended: `event: stream_incomplete`, no `id:`, `cursor` naming the last
    /// event sent (null when none was).
    private func credentialEnded(after from: Int, state: State) -> String {
        var text = ""
        var cursor = JSONValue.null
        if let first = state.events.first(where: { $0.id > from }) {
            text += render(first.id, first.frame)
            cursor = .string(String(first.id))
        }
        var ending: JSONObject = ["reason": "credential_ended", "cursor": cursor]
        ending[kindKey] = "stream_incomplete"
        return text + Self.frame(nil, .object(ending), event: "stream_incomplete")
    }

    /// An event frame with its `id:` and `event:` lines; the variations name an edge event's kind
    /// on the `event:` line alone.
    private func render(_ id: Int, _ frame: JSONObject) -> String {
        var data = frame
        let kind = frame[kindKey]?.string
        if dialect != .local, kind?.hasPrefix("edge.") == true { data[kindKey] = nil }
        return Self.frame(String(id), .object(data), event: kind)
    }

    private static func frame(_ id: String?, _ data: JSONValue, event: String? = nil) -> String {
        (id.map { "id: \($0)\n" } ?? "") + (event.map { "event: \($0)\n" } ?? "") + "data: \(JSONText.encode(data))\n\n"
    }

    private static func head(_ status: Int, _ type: String, view: String? = nil) -> HTTPResponse {
        var fields: HTTPFields = [:]
        fields["X-Marfa-Contract"] = "0"
        fields["Content-Type"] = type
        if let view { fields["X-Marfa-Read-View"] = view }
        return HTTPResponse(status: status, headerFields: fields)
    }

    private static func json(_ value: JSONValue, status: Int = 200, view: String? = nil) -> Answer {
        (head(status, "application/json", view: view), HTTPBody(JSONText.encode(value)))
    }

    private static func json(_ object: JSONObject) -> Answer { json(.object(object)) }

    private static func refusal(_ status: Int, _ code: String, view: String? = nil) -> Answer {
        json(
            .object(["error": .object(["code": .string(code), "message": .string("Scripted refusal: \(code).")])]),
            status: status, view: view)
    }

    private static func split(_ target: String) -> (String, [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
            let pieces = pair.split(separator: "=", maxSplits: 1).map(String.init)
            query[pieces[0]] = pieces.count > 1 ? pieces[1].removingPercentEncoding : ""
        }
        return (parts.first ?? "", query)
    }
}
