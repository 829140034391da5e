import Foundation
import Marfa
import MarfaClock
import Testing

/// The copy's whole path against a scripted Marfa server over a real socket, in each dialect: the
/// local instance's shapes, the variations real servers send, a server without the edge and
/// view doors, and the official core's fixtures.
@Suite("Working copy: any Marfa server, in several dialects")
struct AnyServerTests {
    /// A scripted server, a store folder, and a copy of it opened with a clock no one moves.
    struct Setup {
        let server: ScriptedMarfa
        let folder: URL
        let copy: WorkingCopy
        /// The copy's clock, which only a test moves.
        let clock: ManualClock

        /// With `credentials`, the copy's calls send a sign-in's renewing token instead of a key.
        static func open(
            _ dialect: ScriptedMarfa.Dialect, credentials: RenewingCredentials? = nil
        ) async throws -> Setup {
            let server = try ScriptedMarfa(dialect)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-any-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let clock = ManualClock()
            let copy = try await WorkingCopy.open(
                store: folder.appendingPathComponent("copy.sqlite"),
                server: try credentials?.server(at: server.url) ?? Server(url: server.url, key: "marfa_k1_scripted"),
                expectingUnsent: nil, clock: clock)
            return Setup(server: server, folder: folder, copy: copy, clock: clock)
        }

        func close() async {
            await copy.close()
            await server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test(
        "open, hydrate, read, write offline, drain, catch up, follow, pin and views",
        arguments: ScriptedMarfa.Dialect.allCases)
    func wholePath(_ dialect: ScriptedMarfa.Dialect) async throws {
        let setup = try await Setup.open(dialect)
        let (server, copy) = (setup.server, setup.copy)
        defer { Task { await setup.close() } }
        let first = server.createItem(title: "First", tags: ["red"])
        let second = server.createItem(title: "Second")
        server.createItem(title: "Third")
        server.createEdge(from: first, to: second)
        let edgeTypes = dialect.lacksDoors ? [String]() : ["derived-from"]

        let report = try await copy.hydrate(types: ["core.note"], tier: .all, edgeTypes: edgeTypes)
        #expect(report.items == 3)
        #expect(report.pages >= 2, "pages of \(ScriptedMarfa.pageSize) rows, walked to the end")
        #expect(try await copy.items.list().count == 3)
        let held = try #require(try await copy.items.get(first))
        #expect(held.title == "First")
        #expect(held.tags == ["red"])
        #expect(held.version == 1)
        #expect(try await copy.edges.from(first).map(\.targetId) == (dialect.lacksDoors ? [] : [second]))
        #expect(try await copy.catalog.itemTypes().first { $0.id == "core.note" }?.titleField == "title")
        if dialect == .fixture {
            // The type catalog came in pages, walked on by its cursor to the last.
            #expect(try await copy.catalog.itemTypes().contains { $0.id == "fixture.second" })
        }

        // Offline write, then the drain: the accepted create adopts the server's row, version included.
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Mine"]))
        #expect(try await copy.status().unsent == 1)
        let drained = try await copy.queue.drain()
        #expect(drained.verdicts.map(\.verdict) == [.accepted], "\(drained)")
        let mine = try #require(write.itemId)
        #expect(try await copy.items.get(mine)?.version == 1)
        _ = try await copy.items.update(mine, Edit(.merge(["title": "Mine, edited"]), baseVersion: 1))
        #expect(try await copy.queue.drain().verdicts.map(\.verdict) == [.accepted])
        #expect(try await copy.items.get(mine)?.version == 2)
        #expect(try await copy.items.get(mine)?.title == "Mine, edited")

        let elsewhere = server.createItem(title: "From elsewhere")
        // The variations name an edge event's kind on the SSE `event:` line alone.
        if !dialect.lacksDoors { server.createEdge(from: elsewhere, to: first) }
        let caught = try await copy.catchUp()
        #expect(caught.reachedHead)
        // The fixtures send an event of a kind this build doesn't know before each: skipped, passed.
        #expect(dialect != .fixture || caught.skipped >= 1, "\(caught)")
        #expect(try await copy.items.get(elsewhere)?.title == "From elsewhere")
        #expect(try await copy.edges.from(elsewhere).map(\.targetId) == (dialect.lacksDoors ? [] : [first]))

        let followed = server.createItem(title: "Followed")
        let seen = try await firstChange(copy.changes()) { $0.itemId == followed }
        #expect(seen?.itemId == followed)
        #expect(try await copy.items.get(followed)?.title == "Followed")

        let outside = server.createItem("app.other", title: "Pinned")
        #expect(try await copy.pin(outside).pinned)
        #expect(try await copy.items.get(outside)?.title == "Pinned")

        if !dialect.lacksDoors {
            let view = try await copy.views.create(View.Settings(name: "Notes", types: ["core.note"]))
            #expect(try await copy.views.list().map(\.settings.name) == ["Notes"])
            let changed = try await copy.views.change(
                view.id, to: View.Settings(name: "All notes", types: ["core.note"]), baseVersion: view.version)
            #expect(changed.version == view.version + 1)
            try await copy.views.delete(view.id)
            #expect(try await copy.views.list().isEmpty)
        }
        #expect(try await copy.items.bin(type: "core.note").items.isEmpty)
        // A second hydration checks the key and reads the catalog under the view the copy holds.
        let again = try await copy.hydrate(types: ["core.note"], tier: .all, edgeTypes: edgeTypes)
        #expect(again.items >= 5)
        expectReadViewOnEveryRead(server.requests)
    }

    /// Every GET after the first copy-stream bootstrap carries the view (a catch-up or follow with
    /// its cursor; a later hydration's bootstrap carries neither), except two doors: `GET /`, which is asked without a credential, and
    /// `GET /views`, which is no conditional read: the real server takes the header only on its
    /// eight conditional reads (`listItems`, `getItem`, `listItemEdges`, `listEdges`, `getEdge`,
    /// `listTypes`, `listEdgeTypes`, `getCurrentKey`) and refuses it on any other GET with `400
    /// validation_error` ("This door does not support conditional copy reads"), as this scripted
    /// server does.
    private func expectReadViewOnEveryRead(_ requests: [(method: String, path: String, headers: HTTPFields)]) {
        guard let bootstrap = requests.firstIndex(where: { $0.path.hasPrefix("/events") }) else {
            Issue.record("no copy stream was read")
            return
        }
        for request in requests[(bootstrap + 1)...] where request.method == "GET" {
            let path = String(request.path.split(separator: "?").first ?? "")
            guard path != "/", path != "/views" else { continue }
            if path == "/events", request.headers["Last-Event-ID"] == nil {
                // A later hydration's bootstrap: neither a cursor nor a view, as the protocol asks.
                #expect(request.headers["X-Marfa-Read-View"] == nil, "a bootstrap sent a read view")
                continue
            }
            #expect(
                request.headers["X-Marfa-Read-View"] == ScriptedMarfa.readView, "\(request.path) carried no read view")
        }
    }

    @Test(
        "a read answered for another view than the one sent throws copyExpired(read_view_changed)",
        arguments: ScriptedMarfa.Dialect.allCases)
    func answerForAnotherView(_ dialect: ScriptedMarfa.Dialect) async throws {
        let setup = try await Setup.open(dialect)
        defer { Task { await setup.close() } }
        let id = setup.server.createItem(title: "Held")
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
        setup.server.misbehave(.otherView)
        do {
            _ = try await setup.copy.pin(id)
            Issue.record("the pin took an answer certified for another view")
        } catch MarfaError.copyExpired(let reason, _) {
            #expect(reason == "read_view_changed")
        }
    }

    @Test(
        "a type catalog whose pages name the same next cursor ends the hydration with decoding; a whole one hydrates again",
        arguments: [ScriptedMarfa.Dialect.local, .variant])
    func loopingCatalogRefused(_ dialect: ScriptedMarfa.Dialect) async throws {
        let setup = try await Setup.open(dialect)
        defer { Task { await setup.close() } }
        let id = setup.server.createItem(title: "Held")
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
        setup.server.misbehave(.loopingCatalog)
        do {
            _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
            Issue.record("the hydration held part of a catalog that never ends")
        } catch MarfaError.decoding(let message) {
            #expect(message.contains("twice"), "\(message)")
        }
        setup.server.misbehave(nil)
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
        #expect(try await setup.copy.items.get(id)?.title == "Held")
    }

    @Test(
        "a server without read views: the copy hydrates, reads, catches up and pins sending none",
        arguments: [ScriptedMarfa.Dialect.variant, .fixture])
    func viewlessServer(_ dialect: ScriptedMarfa.Dialect) async throws {
        let setup = try await Setup.open(dialect)
        defer { Task { await setup.close() } }
        setup.server.misbehave(.viewless)
        let first = setup.server.createItem(title: "Before")
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
        #expect(try await setup.copy.items.get(first)?.title == "Before")
        let later = setup.server.createItem(title: "After")
        #expect(try await setup.copy.catchUp().reachedHead)
        #expect(try await setup.copy.items.get(later)?.title == "After")
        let outside = setup.server.createItem("app.other", title: "Pinned")
        #expect(try await setup.copy.pin(outside).pinned)
        let viewed = setup.server.requests.filter { $0.headers["X-Marfa-Read-View"] != nil }
        #expect(viewed.isEmpty, "\(viewed.map(\.path))")
    }

    @Test(
        "a create answered with only {item: {id, type, version}} adopts that version and keeps the rest held",
        arguments: [ScriptedMarfa.Dialect.variant])
    func sparseAnswerAdopted(_ dialect: ScriptedMarfa.Dialect) async throws {
        let setup = try await Setup.open(dialect)
        defer { Task { await setup.close() } }
        _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
        let write = try await setup.copy.items.create(
            Draft(type: "core.note", properties: ["title": "Sparse"], tags: ["kept"]))
        _ = try await setup.copy.queue.drain()
        let item = try #require(try await setup.copy.items.get(write.itemId ?? ""))
        #expect(item.version == 1)
        #expect(item.title == "Sparse")
        #expect(item.tags == ["kept"])
    }
}

/// The first change of `changes` that `matches`, at most `limit` of them.
func firstChange(
    _ changes: AsyncStream<Change>, limit: Int = 200, where matches: (Change) -> Bool
) async throws -> Change? {
    var seen = 0
    for await change in changes {
        if matches(change) { return change }
        seen += 1
        if seen >= limit { return nil }
    }
    return nil
}
