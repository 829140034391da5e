import Foundation
import Marfa
import MarfaClock
import MarfaHTTP
import Synchronization
import Testing

/// The default transport, keeping the path and status of every answer.
private final class StatusRecordingTransport: ClientTransport, Sendable {
    private let inner = DefaultTransport.make()
    private let log = Mutex<[(path: String, status: Int)]>([])

    /// The statuses answered for `path` (its query left out), in order.
    func statuses(of path: String) -> [Int] {
        log.withLock { $0.filter { $0.path.split(separator: "?").first.map(String.init) == path }.map(\.status) }
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, answer) = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        log.withLock { $0.append((request.path, response.status.code)) }
        return (response, answer)
    }
}

/// "Other devices show the change within about two minutes, when their copy's `catalog` next reads
/// the instance's types": a following copy reads the catalog again every two minutes on its clock,
/// asking only whether it changed.
@Suite struct CatalogRefreshTests {
    @Test(
        "a following copy reads the catalog again every two minutes: unchanged it costs two 304s, changed it shows the change"
    )
    func aFollowingCopyRereadsTheCatalogEveryTwoMinutes() async throws {
        try await CopyTestInstance.with { test in
            let clock = ManualClock()
            let recording = StatusRecordingTransport()
            var server = try test.server()
            server.transport = recording
            let copy = try await WorkingCopy.open(
                store: test.store(), server: server, expectingUnsent: nil, clock: clock)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.catalog.itemType("core.note").icon != "lucide:book-open")
            let changes = copy.changes()
            _ = try await first(copy.updates()) { $0 == .following }
            await clock.waitForSleepers(1)  // the catalog's next read, two minutes away
            let before = (recording.statuses(of: "/types").count, recording.statuses(of: "/edge-types").count)

            // The first read of the follow answers the catalog and its tags; the next asks if it changed.
            clock.advance(by: .seconds(120))
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(120))
            await clock.waitForSleepers(1)
            #expect(Array(recording.statuses(of: "/types").dropFirst(before.0)) == [200, 304])
            #expect(Array(recording.statuses(of: "/edge-types").dropFirst(before.1)) == [200, 304])

            // Another device sets the type's icon: the read view stays, so the follow goes on.
            let changed = try await test.send(.put, "/types/core.note/icon", json: #"{"icon": "lucide:book-open"}"#)
            #expect(changed.status == 200)
            clock.advance(by: .seconds(119))
            #expect(
                try await copy.catalog.itemType("core.note").icon != "lucide:book-open",
                "not read again before two minutes")
            clock.advance(by: .seconds(1))
            let refreshed = try await first(changes) { $0.origin == .refreshed(.catalog) }
            #expect(refreshed != nil)
            #expect(try await copy.catalog.itemType("core.note").icon == "lucide:book-open")
            #expect(recording.statuses(of: "/types").last == 200)
            await copy.close()
        }
    }
}
