import Foundation
import Marfa
import MarfaHTTP
import Testing

@Suite("Working copy: a drain's environmental failures, counted refusals and retypes")
struct DrainEdgeCaseTests {
    /// A copy of the instance through `transport`, hydrated with notes, holding one queued create.
    private func copyWithOneWrite(
        _ test: CopyTestInstance, transport: ScriptedTransport
    ) async throws -> (WorkingCopy, QueuedWrite) {
        var server = try test.server()
        server.transport = transport
        let copy = try await WorkingCopy.open(store: test.store(), server: server)
        _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .library)
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Scripted"]))
        return (copy, write)
    }

    private static func creates(_ request: HTTPRequest) -> Bool { request.method == .post && request.path == "/items" }

    @Test(
        "a proxy's page, a 503 with a wait, a 429, a 425, a key still in flight and another contract end the pass and keep the write under its key, uncounted"
    )
    func environmental() async throws {
        try await CopyTestInstance.with { test in
            let transport = ScriptedTransport()
            let (copy, write) = try await copyWithOneWrite(test, transport: transport)
            let answers: [(Int, [String: String], String)] = [
                (502, ["Content-Type": "text/html"], "<html>Bad gateway</html>"),
                (
                    503, ScriptedTransport.contract.merging(["Retry-After": "7"]) { $1 },
                    #"{"error":{"code":"write_contention","message":"Busy."}}"#
                ),
                (
                    429, ScriptedTransport.contract.merging(["Retry-After": "30"]) { $1 },
                    #"{"error":{"code":"rate_limited","message":"Slow down."}}"#
                ),
                (425, ScriptedTransport.contract, #"{"error":{"code":"too_early","message":"Too early."}}"#),
                (
                    409, ScriptedTransport.contract,
                    #"{"error":{"code":"idempotency_key_in_flight","message":"Still working on it."}}"#
                ),
                (201, ["X-Marfa-Contract": "1", "Content-Type": "application/json"], "{}"),
            ]
            for (status, headers, body) in answers {
                transport.set { Self.creates($0) ? (status, headers, body) : nil }
                let report = try await copy.queue.drain()
                #expect(
                    report.answered == 0 && report.undelivered == 1 && report.unavailable != nil, "status \(status)")
                let held = try #require(try await copy.queue.all().first { $0.id == write.id })
                #expect(
                    held.verdict == nil && held.refusals == 0 && held.idempotencyKey == write.idempotencyKey,
                    "status \(status)")
                if status == 503 { #expect(report.retryAfterSeconds == 7) }
                if status == 429 { #expect(report.retryAfterSeconds == 30) }
            }
            transport.set(nil)
            #expect(try await copy.queue.drain().verdicts.map(\.verdict) == [.accepted])
            await copy.close()
        }
    }

    @Test(
        "an answer the copy can't read is counted; the fifth makes the write dead, and release sends it again under a fresh key"
    )
    func countedToDead() async throws {
        try await CopyTestInstance.with { test in
            let transport = ScriptedTransport()
            let (copy, write) = try await copyWithOneWrite(test, transport: transport)
            transport.set { Self.creates($0) ? (302, ScriptedTransport.contract, "") : nil }
            for round in 1...5 {
                let report = try await copy.queue.drain()
                #expect(report.unmade == 1, "round \(round)")
            }
            let dead = try #require(try await copy.queue.all().first)
            #expect(dead.verdict == .dead && dead.refusals == 5)
            transport.set(nil)
            #expect(try await copy.queue.release(write.id))
            let released = try #require(try await copy.queue.all().first)
            #expect(released.idempotencyKey != write.idempotencyKey && released.refusals == 0)
            #expect(try await copy.queue.drain().verdicts.map(\.verdict) == [.accepted])
            await copy.close()
        }
    }

    @Test("an answered retype expires the copy after its verdict is recorded")
    func retypeExpires() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Becomes a task"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .library)
            let held = try #require(try await copy.items.get(id))
            _ = try await copy.items.update(id, Edit(.merge([:]), baseVersion: held.version, type: "core.task"))
            do {
                _ = try await copy.queue.drain()
                Issue.record("an answered retype didn't expire the copy")
            } catch let error as MarfaError {
                guard case .copyExpired(let reason, _) = error else { throw error }
                #expect(reason == "read_view_changed")
            }
            #expect(try await copy.queue.all().first?.verdict == .accepted)
            #expect(try await copy.status().hydration == .expired)
            await copy.close()
        }
    }

    @Test("a drain canceled before it starts throws canceled and keeps every write under its key")
    func canceledDrain() async throws {
        try await CopyTestInstance.with { test in
            let transport = ScriptedTransport()
            let (copy, write) = try await copyWithOneWrite(test, transport: transport)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await copy.queue.drain()
            }
            do {
                _ = try await task.value
                Issue.record("a canceled drain ran")
            } catch let error as MarfaError {
                #expect(error == .canceled)
            }
            #expect(try await copy.queue.all().map(\.idempotencyKey) == [write.idempotencyKey])
            #expect(transport.answered == 0)
            await copy.close()
        }
    }
}
