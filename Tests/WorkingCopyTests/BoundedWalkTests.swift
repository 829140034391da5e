import Foundation
import Marfa
import Testing

/// A server whose walks never end (a cursor that comes back, pages that grow without new rows, an
/// item's edges paging forever, a replay that stands still) ends the call with a typed error
/// within seconds: the copy serves nothing half read and the queue keeps its writes as they were.
@Suite("Working copy: bounded walks against misbehaving servers")
struct BoundedWalkTests {
    /// A hydrated copy of a scripted server with a queued, unsent write.
    struct Hydrated {
        let setup: AnyServerTests.Setup
        let write: QueuedWrite

        static func open(_ dialect: ScriptedMarfa.Dialect = .variant) async throws -> Hydrated {
            let setup = try await AnyServerTests.Setup.open(dialect)
            for index in 0..<5 { setup.server.createItem(title: "Row \(index)") }
            _ = try await setup.copy.hydrate(types: ["core.note"], tier: .all)
            let write = try await setup.copy.items.create(Draft(type: "core.note", properties: ["title": "Waiting"]))
            return Hydrated(setup: setup, write: write)
        }

        /// The call's error, with how long it took and how many requests it sent.
        func failure(of call: () async throws -> Void) async -> (error: MarfaError?, seconds: Double, requests: Int) {
            let before = setup.server.requests.count
            let start = ContinuousClock.now
            var thrown: MarfaError?
            do { try await call() } catch let error as MarfaError { thrown = error } catch {
                Issue.record("not a MarfaError: \(error)")
            }
            let took = ContinuousClock.now - start
            let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            return (thrown, seconds, setup.server.requests.count - before)
        }

        /// The queued write is as it was: unanswered, under the same idempotency key.
        func expectQueueUntouched(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let queue = try await setup.copy.queue.all()
            #expect(queue.map(\.id) == [write.id], sourceLocation: sourceLocation)
            #expect(queue.first?.verdict == nil, sourceLocation: sourceLocation)
            #expect(queue.first?.idempotencyKey == write.idempotencyKey, sourceLocation: sourceLocation)
            #expect(try await setup.copy.status().unsent == 1, sourceLocation: sourceLocation)
        }
    }

    static func isDecoding(_ error: MarfaError?) -> Bool {
        if case .decoding? = error { return true }
        return false
    }

    @Test(
        "a listing cursor that repeats ends the hydration with decoding after two pages; nothing is served half read",
        arguments: [
            ScriptedMarfa.Misbehaviour.loopingCursor, .growingPages,
        ])
    func hydrationWalks(_ misbehaviour: ScriptedMarfa.Misbehaviour) async throws {
        let hydrated = try await Hydrated.open()
        defer { Task { await hydrated.setup.close() } }
        hydrated.setup.server.misbehave(misbehaviour)
        let (error, seconds, requests) = await hydrated.failure {
            _ = try await hydrated.setup.copy.hydrate(types: ["core.note"], tier: .all)
        }
        #expect(Self.isDecoding(error), "\(String(describing: error))")
        #expect(seconds < 10, "\(seconds) s")
        #expect(requests < 60, "\(requests) requests")
        #expect(try await hydrated.setup.copy.status().hydration == .inProgress)
        await #expect(throws: MarfaError.self) { _ = try await hydrated.setup.copy.items.list() }
        try await hydrated.expectQueueUntouched()
    }

    @Test("the edges of an item entering the slice, paging on under one cursor, end the catch-up with decoding")
    func stuckItemEdges() async throws {
        let hydrated = try await Hydrated.open()
        defer { Task { await hydrated.setup.close() } }
        let server = hydrated.setup.server
        // An item outside the slice enters it by a retype: the copy reads its edges.
        let entering = server.createItem("app.other", title: "Enters")
        server.createEdge(from: entering, to: entering)
        server.retype(entering, to: "core.note")
        server.misbehave(.stuckItemEdges)
        let (error, seconds, requests) = await hydrated.failure { _ = try await hydrated.setup.copy.catchUp() }
        #expect(Self.isDecoding(error), "\(String(describing: error))")
        #expect(seconds < 10, "\(seconds) s")
        #expect(requests < 10, "\(requests) requests")
        try await hydrated.expectQueueUntouched()
    }

    @Test("a replay that sends the same event again and again ends the catch-up with decoding; the cursor stays")
    func stuckReplay() async throws {
        let hydrated = try await Hydrated.open()
        defer { Task { await hydrated.setup.close() } }
        let cursor = try await hydrated.setup.copy.status().eventCursor
        hydrated.setup.server.createItem(title: "Replayed forever")
        hydrated.setup.server.misbehave(.stuckReplay)
        let (error, seconds, _) = await hydrated.failure { _ = try await hydrated.setup.copy.catchUp() }
        #expect(Self.isDecoding(error), "\(String(describing: error))")
        #expect(seconds < 10, "\(seconds) s")
        #expect(try await hydrated.setup.copy.status().eventCursor == cursor)
        try await hydrated.expectQueueUntouched()
    }
}
