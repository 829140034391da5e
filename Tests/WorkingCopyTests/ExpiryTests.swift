import Foundation
import Marfa
import MarfaClock
import MarfaLocal
import Testing

@Suite("Working copy: what expires it, and the follow's endings")
struct ExpiryTests {
    @Test("events retired past the cursor expire the copy (aged_out); a hydration mends it and keeps the pins")
    func agedOut() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        try await CopyTestInstance.with(clock: clock) { test in
            let task = try await test.createItem("core.task", properties: #"{"title": "Pinned"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.pin(task)
            try await test.createItem("core.note", properties: #"{"title": "Old news"}"#)
            clock.advance(by: .seconds(200 * 3600))
            try await test.createItem("core.note", properties: #"{"title": "Newest"}"#)
            let run = try await test.send(.post, "/housekeeping/event-log-cleanup/run")
            #expect(run.status == 200)
            do {
                _ = try await copy.catchUp()
                Issue.record("a copy whose next event was retired caught up")
            } catch let error as MarfaError {
                guard case .copyExpired(let reason, _) = error else { throw error }
                #expect(reason == "aged_out" && error.isHydrationNeeded)
            }
            let status = try await copy.status()
            #expect(status.hydration == .expired && status.expiredReason == "aged_out" && status.eventCursor == nil)
            #expect(try await copy.items.list(ListFilters(type: "core.note")).isEmpty)
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(report.items == 2)
            #expect(try await copy.items.get(task)?.title == "Pinned")
            #expect(try await copy.catchUp().reachedHead)
            await copy.close()
        }
    }

    @Test("a cursor past the instance's head expires the copy (cursor_ahead)")
    func cursorAhead() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            try await test.setStoreValue("cursor", "987654")
            let reopened = try await test.open()
            do {
                _ = try await reopened.catchUp()
                Issue.record("a cursor past the head caught up")
            } catch let error as MarfaError {
                guard case .copyExpired(let reason, _) = error else { throw error }
                #expect(reason == "cursor_ahead")
            }
            #expect(try await reopened.status().hydration == .expired)
            await reopened.close()
        }
    }

    @Test("another instance at the same address is instanceChanged, and the store is left as it was")
    func instanceChanged() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "Held"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            try await test.setStoreValue("instance_id", "another-instance")
            let reopened = try await test.open()
            do {
                _ = try await reopened.catchUp()
                Issue.record("a copy of another instance caught up")
            } catch let error as MarfaError {
                #expect(error.code() == "instance_changed" && error.isHydrationNeeded)
            }
            #expect(try await reopened.items.list().count == 1)
            _ = try await reopened.hydrate(types: ["core.note"], tier: .library)
            #expect(try await reopened.status().instanceId == test.instance.instanceID)
            await reopened.close()
        }
    }

    @Test(
        "a type registered while the copy follows changes its read view: the follow stops with copyExpired(read_view_changed)"
    )
    func readViewChanged() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let changes = copy.changes()
            _ = try await first(copy.updates()) { $0 == .following }
            let registered = try await test.send(
                .post, "/types", json: #"{"id": "app.copytest.thing", "fields": {"name": {"type": "string"}}}"#)
            #expect(registered.status == 201)
            let stopped = try await first(changes) { change in
                if case .stopped = change.origin { return true }
                return false
            }
            guard case .stopped(let error) = stopped?.origin, case .copyExpired(let reason, _) = error else {
                throw TestFailure("the follow didn't stop with copyExpired: \(String(describing: stopped))")
            }
            #expect(reason == "read_view_changed")
            #expect(try await copy.status().hydration == .expired)
            do {
                _ = try await copy.catchUp()
                Issue.record("an expired copy caught up")
            } catch let error as MarfaError {
                #expect(error.isHydrationNeeded)
            }
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.catchUp().reachedHead)
            await copy.close()
        }
    }

    @Test("a key revoked while the copy follows stops it with streamIncomplete(credential_ended), a key refusal")
    func credentialEnded() async throws {
        try await CopyTestInstance.with { test in
            let key = try await test.key(reading: ["core.note": "write"])
            let keyID = try #require(
                try await test.send(.get, "/keys", key: nil).body["keys"]?.array?.first {
                    $0["label"]?.string == "copy test"
                }?["id"]?.string)
            let copy = try await test.open(key: key)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let changes = copy.changes()
            _ = try await first(copy.updates()) { $0 == .following }
            #expect(try await test.send(.delete, "/keys/\(keyID)").status == 200)
            try await test.createItem("core.note", properties: #"{"title": "Wakes the stream"}"#)
            let stopped = try await first(changes) { change in
                if case .stopped = change.origin { return true }
                return false
            }
            guard case .stopped(let error) = stopped?.origin else { throw TestFailure("the follow didn't stop") }
            #expect(error.isKeyRefusal)
            await copy.close()
        }
    }

    @Test("while the instance is down the follow waits on the injected clock, doubling, and comes back with it")
    func offlineThenBack() async throws {
        try await CopyTestInstance.with { test in
            let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
            let port = test.instance.url.port ?? 0
            let copy = try await test.open(clock: clock)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            var changes = copy.changes().makeAsyncIterator()
            _ = try await first(copy.updates()) { $0 == .following }
            await test.instance.stop()
            // The stream ends (server_stopping); the follow waits 1 s, then finds no one listening.
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(1))
            var unreachable: MarfaError?
            while unreachable == nil, let change = await changes.next() {
                if case .serverUnreachable(let error) = change.origin { unreachable = error }
            }
            #expect(unreachable?.isOffline == true)
            #expect(try await copy.items.list().isEmpty)
            let restarted = try await LocalInstance.start(
                dataDirectory: test.instance.dataDirectory, port: port, options: .init(log: { _ in }))
            // The next wait is 2 s; once it passes the follow reconnects.
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(2))
            var back = false
            while !back, let change = await changes.next() {
                if case .serverReachable = change.origin { back = true }
            }
            #expect(back)
            await copy.close()
            await restarted.stop()
        }
    }
}
