import Foundation
import Marfa
import MarfaLocal
import Testing

@Suite("Working copy: queued writes and the drain")
struct QueueTests {
    @Test("writes land in the store at once, wait in the queue with keys, and a drain delivers each once")
    func writeThenDrain() async throws {
        try await CopyTestInstance.with { test in
            let target = try await test.createItem("core.note", properties: #"{"title": "Target"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let changes = copy.changes()
            let create = try await copy.items.create(
                Draft(type: "core.note", properties: ["title": "Made offline"], tags: ["inbox"]))
            let id = try #require(create.itemId)
            #expect(try await copy.items.get(id)?.title == "Made offline")
            #expect(try await copy.items.get(id)?.tags == ["inbox"])
            let held = try #require(try await copy.items.get(id))
            _ = try await copy.items.update(
                id, Edit(.merge(["body": "Written before it was sent"]), baseVersion: held.version))
            let edge = try await copy.edges.create(from: id, to: target, type: "references")
            _ = try await copy.extensions.write("app.reader", ["position": 12], on: id)
            _ = try await copy.metadata.mergeTags(["later"], into: target)
            let queued = try await copy.queue.all()
            #expect(
                queued.map(\.kind) == [.createItem, .addTag, .updateItem, .createEdge, .writeExtension, .mergeMetadata])
            #expect(Set(queued.map(\.idempotencyKey)).count == queued.count)
            #expect(queued[2].follows == queued[1].id && queued[2].waiting)
            #expect(queued[1].dependsOn == [create.id] && queued[3].dependsOn == [create.id])
            #expect(try await copy.status().unsent == 6)
            let report = try await copy.queue.drain()
            #expect(report.answered == 6 && report.unavailable == nil)
            #expect(report.verdicts.allSatisfy { $0.verdict == .accepted })
            let server = try await test.send(.get, "/items/\(id)")
            #expect(server.body["item"]?["properties"]?["body"]?.string == "Written before it was sent")
            #expect(server.body["metadata"]?["tags"]?.array?.compactMap(\.string) == ["inbox"])
            #expect(server.body["metadata"]?["extensions"]?["app.reader"]?["position"]?.int == 12)
            #expect(try await test.send(.get, "/edges/\(try #require(edge.edgeId))").status == 200)
            #expect(try await copy.items.get(id)?.version == server.body["item"]?["version"]?.int)
            #expect(try await copy.status().unsent == 0)
            let told = try await first(changes) { change in
                if case .refreshed(.drained) = change.origin { return true }
                return false
            }
            #expect(told != nil)
            let events = try await test.send(.get, "/items?type=core.note&limit=50")
            #expect(
                events.body["data"]?.array?.filter { $0["properties"]?["title"]?.string == "Made offline" }.count == 1)
            await copy.close()
        }
    }

    @Test(
        "with the instance down a drain keeps every write under its key, uncounted; the next drain delivers each once")
    func offlineDrain() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let port = test.instance.url.port ?? 0
            await test.instance.stop()
            for index in 0..<3 {
                _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": .string("w\(index)")]))
            }
            let before = try await copy.queue.all()
            let report = try await copy.queue.drain()
            #expect(report.answered == 0 && report.undelivered == 1 && report.unavailable != nil)
            let after = try await copy.queue.all()
            #expect(after.map(\.idempotencyKey) == before.map(\.idempotencyKey))
            #expect(after.allSatisfy { $0.verdict == nil && $0.refusals == 0 })
            let restarted = try await LocalInstance.start(
                dataDirectory: test.instance.dataDirectory, port: port,
                options: .init(requestsPerMinute: nil, log: { _ in }))
            let second = try await copy.queue.drain()
            #expect(second.answered == 3)
            let listed = try await test.send(.get, "/items?type=core.note&limit=50")
            #expect(listed.body["data"]?.array?.count == 3)
            await copy.close()
            await restarted.stop()
        }
    }

    @Test(
        "a refused write rolls its row back to the server's copy, and the writes that depend on it are refused unsent")
    func refusedAndDependents() async throws {
        try await CopyTestInstance.with { test in
            let gone = try await test.createItem("core.note", properties: #"{"title": "Deleted elsewhere"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .library)
            try await test.send(.delete, "/items/\(gone)")
            let moved = try await copy.items.transition(gone, to: .archived)
            let bad = try await copy.items.create(
                Draft(type: "core.task", properties: ["title": "Due never", "due": "not a date"], tags: ["x"]))
            let report = try await copy.queue.drain()
            #expect(report.answered == 3 && report.unsent == 1)
            let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
            guard case .refused(let refusal)? = verdicts[moved.id] else {
                throw TestFailure("the transition was \(String(describing: verdicts[moved.id]))")
            }
            #expect(refusal.code != nil)
            guard case .refused(let created)? = verdicts[bad.id] else {
                throw TestFailure("the create was \(String(describing: verdicts[bad.id]))")
            }
            #expect(created.code == "validation_error" || created.code == "invalid_properties" || created.code != nil)
            #expect(try await copy.items.get(try #require(bad.itemId)) == nil)
            #expect(try await copy.items.list(ListFilters(allStates: true)).first { $0.id == gone }?.state != .archived)
            let tagWrite = try #require(try await copy.queue.all().first { $0.kind == .addTag })
            guard case .refused(let waited)? = tagWrite.verdict else {
                throw TestFailure("the tag write was \(String(describing: tagWrite.verdict))")
            }
            #expect(waited.reason.contains(bad.id))
            #expect(try await copy.queue.discard(tagWrite.id))
            #expect(try await copy.queue.discard(moved.id) == true)
            await #expect(throws: MarfaError.self) { _ = try await copy.queue.discard("no-such-write") }
            await copy.close()
        }
    }

    @Test(
        "the copy refuses before queueing: unknown types, missing fields, wrong kinds, duplicate and cardinality edges, stale bases"
    )
    func refusedBeforeQueueing() async throws {
        try await CopyTestInstance.with { test in
            let a = try await test.createItem("core.note", properties: #"{"title": "A"}"#)
            let b = try await test.createItem("core.note", properties: #"{"title": "B"}"#)
            let c = try await test.createItem("core.note", properties: #"{"title": "C"}"#)
            try await test.createEdge("references", from: a, to: b)
            try await test.createEdge("parent-of", from: a, to: b)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            func code(_ call: () async throws -> QueuedWrite) async -> (String, JSONObject?) {
                do {
                    _ = try await call()
                    return ("queued", nil)
                } catch let error as MarfaError {
                    if case .validation(_, _, let details) = error {
                        return (error.code() + "/" + error.code.rawValue, details)
                    }
                    return (error.code(), nil)
                } catch { return ("\(error)", nil) }
            }
            #expect(await code { try await copy.items.create(Draft(type: "app.nothing.here")) }.0 == "unknown_type")
            #expect(
                await code { try await copy.items.create(Draft(type: "core.task")) }.0 == "validation/validation_error")
            #expect(
                await code { try await copy.items.create(Draft(type: "core.note", properties: ["title": 3])) }.0
                    == "validation/validation_error")
            let duplicate = await code { try await copy.edges.create(from: a, to: b, type: "references") }
            #expect(duplicate.0 == "validation/edge_constraint_violation" && duplicate.1 == ["constraint": "duplicate"])
            let cardinality = await code { try await copy.edges.create(from: c, to: b, type: "parent-of") }
            #expect(
                cardinality.0 == "validation/edge_constraint_violation"
                    && cardinality.1 == ["constraint": "cardinality"])
            #expect(
                await code { try await copy.edges.create(from: a, to: a, type: "references") }.0
                    == "validation/edge_cycle")
            #expect(
                await code { try await copy.items.update(a, Edit(.merge(["title": "x"]), baseVersion: 7)) }.0
                    == "version_conflict")
            #expect(
                await code { try await copy.items.update(a, Edit(baseVersion: 1, type: "app.nothing.here")) }.0
                    == "unknown_type")
            #expect(try await copy.queue.all().isEmpty)
            let reader = try await test.open()
            #expect(
                await code { try await reader.items.create(Draft(type: "core.note", properties: ["title": "r"])) }.0
                    == "reading_handle")
            await reader.close()
            await copy.close()
        }
    }

    @Test(
        "takeAnswered hands over answered writes once; forgetAnswered keeps refused content; release mints a fresh key")
    func queueCalls() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .library)
            let good = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Fine"]))
            let bad = try await copy.items.create(
                Draft(type: "core.task", properties: ["title": "Bad", "due": "never"]))
            _ = try await copy.queue.drain()
            let taken = try await copy.queue.takeAnswered()
            #expect(Set(taken.map(\.id)) == [good.id, bad.id])
            #expect(try await copy.queue.takeAnswered().isEmpty)
            #expect(try await copy.queue.all().isEmpty)
            let second = try await copy.items.create(
                Draft(type: "core.task", properties: ["title": "Bad again", "due": "never"]))
            _ = try await copy.queue.drain()
            #expect(try await copy.queue.forgetAnswered() == 0)
            #expect(try await copy.queue.all().map(\.id) == [second.id])
            #expect(try await copy.queue.release(second.id) == false)
            await copy.close()
        }
    }
}
