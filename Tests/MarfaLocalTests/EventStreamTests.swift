import Foundation
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import MarfaSQLite
import Testing

@Suite struct EventStreamTests {
    /// Creates a `core.note` titled `title`; answers its id.
    @discardableResult
    static func note(_ local: LocalTestInstance, _ title: String, type: String = "core.note") async throws -> String {
        let answer = try await local.send(
            .post, "/items", json: #"{"type":"\#(type)","properties":{"title":"\#(title)"}}"#)
        #expect(answer.status == 201)
        return try #require(answer.json["item"]?["id"]?.string)
    }

    @Test func replaysInOrderThenGoesLiveAndResumesExactlyOnce() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.note(local, "one")
            _ = try await local.send(.patch, "/items/\(id)", json: #"{"version":1,"properties":{"title":"two"}}"#)
            _ = try await local.send(.post, "/items/\(id)/transition", json: #"{"state":"archived"}"#)

            let stream = try await EventStreamReader.open(local, lastEventID: "0")
            let opening = try await stream.events(5)
            #expect(
                opening.map(\.eventType) == [
                    "stream_cursor", "item.created", "item.updated", "item.state_changed", "stream_live",
                ])
            #expect(opening.map(\.id) == [nil, "1", "2", "3", nil])
            #expect(opening.map(\.event) == opening.map(\.eventType))
            #expect(opening[0].data["cursor"]?.string == "3")
            #expect(opening[4].data["cursor"]?.string == "3")
            #expect(opening[1].data["item"]?["properties"]?["title"]?.string == "one")
            #expect(opening[2].data["item"]?["version"]?.int == 2)
            #expect(opening[1].data["listed"] == nil)

            _ = try await local.send(.delete, "/items/\(id)")
            _ = try await local.send(.post, "/items/\(id)/restore")
            let live = try await stream.events(2)
            #expect(live.map(\.eventType) == ["item.deleted", "item.restored"])
            #expect(live.map(\.id) == ["4", "5"])

            let resumed = try await EventStreamReader.open(local, lastEventID: "3")
            let again = try await resumed.events(4)
            #expect(again.map(\.id) == [nil, "4", "5", nil])

            let fromHead = try await EventStreamReader.open(local)
            let markers = try await fromHead.events(2)
            #expect(markers.map(\.eventType) == ["stream_cursor", "stream_live"])
            #expect(markers.map { $0.data["cursor"]?.string } == ["5", "5"])
        }
    }

    @Test func refusesMalformedCursors() async throws {
        try await LocalTestInstance.with { local in
            for cursor in ["01", "-1", "+1", "1.0", "abc", "9223372036854775808"] {
                let stream = try await EventStreamReader.open(local, lastEventID: cursor)
                #expect(stream.status == 400, "Last-Event-ID \(cursor)")
                #expect(stream.refusal?.errorCode == "validation_error")
            }
            let largest = try await EventStreamReader.open(local, lastEventID: "9223372036854775807")
            let frames = try await largest.events(2)
            #expect(frames.map(\.eventType) == ["stream_cursor", "cursor_ahead"])
            #expect(frames[1].data["requested"]?.string == "9223372036854775807")
            #expect(frames[1].data["head"]?.string == "0")
            #expect(try await largest.next() == nil)
        }
    }

    @Test func filtersByTypeAndEdges() async throws {
        try await LocalTestInstance.with { local in
            try await Self.note(local, "a note")
            try await Self.note(local, "a task", type: "core.task")
            try await Self.note(local, "another note")
            let tasks = try await EventStreamReader.open(local, "?type=core.task&edges=none", lastEventID: "0")
            let frames = try await tasks.events(3)
            #expect(frames.map(\.eventType) == ["stream_cursor", "item.created", "stream_live"])
            #expect(frames[1].id == "2")
            #expect(frames[2].data["cursor"]?.string == "3")

            let prefixed = try await EventStreamReader.open(local, "?type=core.*", lastEventID: "0")
            #expect(try await prefixed.events(5).compactMap(\.id) == ["1", "2", "3"])

            let eleven = (0..<11).map { "core.t\($0)" }.joined(separator: ",")
            for query in ["?type=\(eleven)", "?type=*", "?type=Bad", "?edges=some", "?copy=2"] {
                let refused = try await EventStreamReader.open(local, query)
                #expect(refused.status == 400, "\(query)")
            }
        }
    }

    @Test func copyStreamCarriesMarkersAndListed() async throws {
        try await LocalTestInstance.with { local in
            try await Self.note(local, "held")
            let instance = try await local.send(.get, "/")
            let bootstrap = try await EventStreamReader.open(local, "?edges=all&copy=1")
            let markers = try await bootstrap.events(2)
            #expect(markers.map(\.eventType) == ["stream_cursor", "stream_live"])
            #expect(markers.allSatisfy { $0.id == nil })
            let view = try #require(markers[0].data["read_view"]?.string)
            #expect(view.count == 64 && view.allSatisfy { "0123456789abcdef".contains($0) })
            #expect(markers[0].data["instance_id"] == instance.json["instance_id"])
            #expect(markers[0].data["cursor"]?.string == "1")
            #expect(markers[1].data["read_view"]?.string == view)
            #expect(markers[0].data.object?.keys.sorted() == ["cursor", "event_type", "instance_id", "read_view"])

            try await Self.note(local, "live")
            let live = try #require(try await bootstrap.nextEvent())
            #expect(live.data["listed"] == .bool(true))
            #expect(live.id == "2")

            let catchUp = try await EventStreamReader.open(
                local, "?copy=1", lastEventID: "0", headers: ["X-Marfa-Read-View": view])
            #expect(try await catchUp.events(4).map(\.id) == [nil, "1", "2", nil])

            let onlyCursor = try await EventStreamReader.open(local, "?copy=1", lastEventID: "1")
            #expect(onlyCursor.status == 400)
            let onlyView = try await EventStreamReader.open(local, "?copy=1", headers: ["X-Marfa-Read-View": view])
            #expect(onlyView.status == 400)
            let otherView = try await EventStreamReader.open(
                local, "?copy=1", lastEventID: "1", headers: ["X-Marfa-Read-View": String(repeating: "0", count: 64)])
            #expect(otherView.status == 409)
            #expect(otherView.refusal?.errorCode == "read_view_changed")
            let filtered = try await EventStreamReader.open(local, "?copy=1&type=core.note")
            #expect(filtered.status == 400)
        }
    }

    @Test func retiredCursorGetsCatchupTooOld() async throws {
        try await LocalTestInstance.with { local in
            for index in 0..<3 { try await Self.note(local, "n\(index)") }
            // Age every event by a day, straight in the instance's SQLite file.
            let database = try await SQLitePool.open(path: local.folder.appendingPathComponent("marfa.sqlite").path)
            try await database.write { db in _ = try db.run("UPDATE events SET created_at = created_at - 86400 * 30") }
            await database.close()
            let run = try await local.send(.post, "/housekeeping/event-log-cleanup/run")
            #expect(run.status == 200)
            #expect(run.json["result"]?["removed"]?.int == 2)

            let stale = try await EventStreamReader.open(local, lastEventID: "1")
            let frames = try await stale.events(2)
            #expect(frames.map(\.eventType) == ["stream_cursor", "catchup_too_old"])
            #expect(frames[1].data["min_retained_id"]?.string == "3")
            #expect(frames[1].data["requested"]?.string == "1")
            #expect(try await stale.next() == nil)

            let justInTime = try await EventStreamReader.open(local, lastEventID: "2")
            #expect(try await justInTime.events(3).map(\.id) == [nil, "3", nil])
            try await Self.note(local, "after")
            #expect(try await justInTime.nextEvent()?.id == "4")
        }
    }

    @Test func stoppingEndsStreamsWithTheLastCursor() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let instance = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let local = LocalTestInstance(instance: instance, folder: folder, key: instance.bootstrapKey ?? "")
        let quiet = try await EventStreamReader.open(local)
        let stream = try await EventStreamReader.open(local)
        #expect(try await stream.events(2).map(\.eventType) == ["stream_cursor", "stream_live"])
        #expect(try await quiet.events(2).count == 2)
        try await Self.note(local, "last")
        #expect(try await stream.nextEvent()?.id == "1")
        await instance.stop()
        let last = try #require(try await stream.nextEvent())
        #expect(last.eventType == "stream_incomplete")
        #expect(last.id == nil)
        #expect(last.data["reason"]?.string == "server_stopping")
        #expect(last.data["cursor"]?.string == "1")
        #expect(try await stream.next() == nil)
        let quietFrames = try await quiet.events(2)
        #expect(quietFrames.map(\.eventType) == ["item.created", "stream_incomplete"])
        #expect(quietFrames.last?.data["reason"]?.string == "server_stopping")

        // Ids survive a restart.
        let again = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let restarted = LocalTestInstance(instance: again, folder: folder, key: local.key)
        try await Self.note(restarted, "after restart")
        let replay = try await EventStreamReader.open(restarted, lastEventID: "0")
        #expect(try await replay.events(4).map(\.id) == [nil, "1", "2", nil])
        await again.stop()
    }

    @Test func revokedKeyEndsTheStream() async throws {
        try await LocalTestInstance.with { local in
            let made = try await local.send(
                .post, "/keys", json: #"{"label":"Reader","source":"reader","type_permissions":{"core.*":"read"}}"#)
            #expect(made.status == 201)
            let key = try #require(made.json["key"]?.string)
            let keyID = try #require(made.json["id"]?.string)
            let stream = try await EventStreamReader.open(local, key: key)
            #expect(try await stream.events(2).count == 2)
            try await Self.note(local, "seen")
            #expect(try await stream.nextEvent()?.id == "1")
            let revoked = try await local.send(.delete, "/keys/\(keyID)")
            #expect(revoked.status == 200)
            let last = try #require(try await stream.nextEvent())
            #expect(last.data["reason"]?.string == "credential_ended")
            #expect(last.data["cursor"]?.string == "1")
            let reconnect = try await EventStreamReader.open(local, key: key)
            #expect(reconnect.status == 401)
        }
    }

    @Test func pingsWhenIdle() async throws {
        var options = LocalInstance.Options(log: { _ in })
        let clock = ManualClock()
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)
            // The stream's idle timer waits on the instance's clock: thirty seconds pass at once.
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(30))
            let ping = try await stream.next(timeout: .seconds(5))
            #expect(ping?.comment == ":ping")
        }
    }

    @Test func slowReaderDoesNotHoldWritersBack() async throws {
        try await LocalTestInstance.with { local in
            let idle = try await EventStreamReader.open(local, lastEventID: "0")
            let padding = String(repeating: "x", count: 4000)
            for index in 0..<200 {
                let answer = try await local.send(
                    .post, "/items",
                    json: #"{"type":"core.note","properties":{"title":"\#(index)","body":"\#(padding)"}}"#)
                #expect(answer.status == 201)
            }
            let frames = try await idle.events(202)
            let ids = frames.compactMap(\.id)
            #expect(ids == (1...200).map(String.init))
        }
    }
}
