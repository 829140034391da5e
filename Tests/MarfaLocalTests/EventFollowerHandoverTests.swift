import Foundation
import Testing

@testable import MarfaLocal

/// A follower stays on the hub until the server has taken its last frame, so stopping the
/// instance never closes a connection while a `stream_incomplete` is still on its way.
@Suite struct EventFollowerHandoverTests {
    /// A live follower on `hub` reading `local`'s store, with the owner's reach.
    static func follower(_ local: LocalTestInstance, hub: EventHub) async throws -> EventFollower {
        let key = KeyRecord(
            id: "handover", label: "handover", source: "test", role: "owner", defaultTier: "standard",
            isPlatform: false, isOwner: true, grants: .everything, createdBy: nil, createdAt: Date())
        let store = local.instance.store
        let plan = try await store.read { db in
            EventFollower.Plan(
                after: 0, head: 0, terminal: nil, copy: nil,
                filter: try EventFilter(
                    typeList: nil, includesEdges: true, key: key, registry: try TypeRegistry.load(db)),
                pingInterval: .seconds(3600))
        }
        return EventFollower(plan: plan, store: store, hub: hub, subscription: hub.subscribe())
    }

    @Test func stoppingWaitsUntilTheEndingFrameWasTaken() async throws {
        try await LocalTestInstance.with { local in
            let hub = EventHub()
            let follower = try await Self.follower(local, hub: hub)
            #expect(
                try await follower.next().map { String(decoding: $0, as: UTF8.self) }?.contains("stream_cursor") == true
            )
            #expect(
                try await follower.next().map { String(decoding: $0, as: UTF8.self) }?.contains("stream_live") == true)

            let stopped = Task { await hub.stop(waitingAtMost: .seconds(3600)) }
            let ending = try #require(try await follower.next())
            #expect(String(decoding: ending, as: UTF8.self).contains("server_stopping"))
            // The frame is handed out but not yet taken: the follower is still there, so stop() waits.
            #expect(hub.followerCount == 1)
            #expect(try await follower.next() == nil)
            await stopped.value
            #expect(hub.followerCount == 0)
        }
    }
}
