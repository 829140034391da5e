import Foundation
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// Deletes, restores and purges along edge types' `cascade_on_delete`, over real HTTP, with the
/// events they send.
@Suite struct CascadeTests {
    /// Registers `contains` (cascade), `locks` (block) and `mentions` (orphan).
    static func registerEdgeTypes(_ local: LocalTestInstance) async throws {
        for (id, rule) in [("contains", "cascade"), ("locks", "block"), ("mentions", "orphan")] {
            let answer = try await local.send(
                .post, "/edge-types",
                json: #"{"id":"\#(id)","cardinality":"many-to-many","cascade_on_delete":"\#(rule)"}"#)
            #expect(answer.status == 201, "\(answer.text)")
        }
    }

    /// The edge's id.
    static func edge(
        _ local: LocalTestInstance, _ type: String, _ source: String, _ target: String
    ) async throws -> String {
        let answer = try await EdgeTests.edge(local, type, source, target)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["edge"]?["id"]?.string)
    }

    /// The item's state, read from a listing of every state.
    static func state(_ local: LocalTestInstance, _ id: String) async throws -> String? {
        let page = try await local.send(.get, "/items?state=any&limit=200")
        return page.json["data"]?.array?.first { $0["id"]?.string == id }?["state"]?.string
    }

    @Test func aDeleteTakesWhatItsCascadeEdgesLeadToAndARestoreBringsItBack() async throws {
        try await LocalTestInstance.with { local in
            try await Self.registerEdgeTypes(local)
            let box = try await EventStreamTests.note(local, "box")
            let inner = try await EventStreamTests.note(local, "inner")
            let innermost = try await EventStreamTests.note(local, "innermost")
            let mentioned = try await EventStreamTests.note(local, "mentioned")
            let alreadyBinned = try await EventStreamTests.note(local, "binned")
            _ = try await Self.edge(local, "contains", box, inner)
            _ = try await Self.edge(local, "contains", inner, innermost)
            _ = try await Self.edge(local, "mentions", box, mentioned)
            _ = try await Self.edge(local, "contains", box, alreadyBinned)
            #expect(try await local.send(.delete, "/items/\(alreadyBinned)").status == 200)
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)

            #expect(try await local.send(.delete, "/items/\(box)").status == 200)
            let deleted = try await stream.events(3)
            #expect(deleted.map(\.eventType) == ["item.deleted", "item.deleted", "item.deleted"])
            #expect(deleted.map { $0.data["item"]?["id"]?.string } == [box, inner, innermost])
            #expect(deleted[0].data["trashed_with"] == nil && deleted[0].data["trashed_by_cascade"] == nil)
            #expect(deleted[1].data["trashed_by_cascade"] == .bool(true))
            #expect(deleted[1].data["trashed_with"]?.string == box)
            #expect(deleted[2].data["trashed_with"]?.string == box, "the item the caller deleted, however deep")
            #expect(try await Self.state(local, mentioned) == "active", "orphan leaves the other end alone")
            #expect(try await local.send(.get, "/items/\(inner)").errorCode == "item_not_found")

            let restored = try await local.send(.post, "/items/\(box)/restore")
            #expect(restored.json["item"]?["state"]?.string == "active")
            let back = try await stream.events(3)
            #expect(back.map(\.eventType) == ["item.restored", "item.restored", "item.restored"])
            #expect(back.map { $0.data["item"]?["id"]?.string } == [box, inner, innermost])
            #expect(back[0].data["restored_with"] == nil)
            #expect(back[1].data["restored_with"]?.string == box && back[2].data["restored_with"]?.string == box)
            #expect(try await Self.state(local, innermost) == "active")
            #expect(try await Self.state(local, alreadyBinned) == "trashed", "a row binned on its own stays binned")

            // A transition to the bin cascades too; restoring a taken row alone leaves the rest.
            let moved = try await local.send(.post, "/items/\(inner)/transition", json: #"{"state":"trashed"}"#)
            #expect(moved.status == 200)
            let transition = try await stream.events(2)
            #expect(transition.map(\.eventType) == ["item.state_changed", "item.deleted"])
            #expect(transition[1].data["trashed_with"]?.string == inner)
            #expect(try await local.send(.post, "/items/\(innermost)/restore").status == 200)
            #expect(try await stream.nextEvent()?.data["restored_with"] == nil)
            #expect(try await local.send(.post, "/items/\(inner)/restore").status == 200)
            #expect(try await stream.events(1).map(\.eventType) == ["item.restored"], "nothing else was still taken")
        }
    }

    @Test func aBlockEdgeRefusesTheDeleteEvenThroughACascade() async throws {
        try await LocalTestInstance.with { local in
            try await Self.registerEdgeTypes(local)
            let holder = try await EventStreamTests.note(local, "holder")
            let locked = try await EventStreamTests.note(local, "locked")
            let parent = try await EventStreamTests.note(local, "parent")
            let lock = try await Self.edge(local, "locks", holder, locked)
            _ = try await Self.edge(local, "contains", parent, holder)

            let refused = try await local.send(.delete, "/items/\(holder)")
            #expect(refused.status == 409)
            #expect(refused.errorCode == "conflict")
            #expect(refused.json["error"]?["details"]?["edge_id"]?.string == lock)
            let throughCascade = try await local.send(.delete, "/items/\(parent)")
            #expect(throughCascade.status == 409, "the cascade would take the holder")
            #expect(try await Self.state(local, parent) == "active")
            #expect(try await Self.state(local, holder) == "active")
            #expect(
                try await local.send(.delete, "/items/\(locked)").status == 200, "the target of a block edge may go")

            #expect(try await local.send(.delete, "/edges/\(lock)").status == 200)
            #expect(try await local.send(.delete, "/items/\(parent)").status == 200)
            #expect(try await Self.state(local, holder) == "trashed")
        }
    }

    @Test func aPurgeTakesWhatTheDeleteTookEdgesFirst() async throws {
        try await LocalTestInstance.with { local in
            try await Self.registerEdgeTypes(local)
            let box = try await EventStreamTests.note(local, "box")
            let inner = try await EventStreamTests.note(local, "inner")
            let outside = try await EventStreamTests.note(local, "outside")
            let contains = try await Self.edge(local, "contains", box, inner)
            let mention = try await Self.edge(local, "mentions", inner, outside)
            #expect(try await local.send(.delete, "/items/\(box)").status == 200)
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)

            #expect(try await local.send(.delete, "/items/\(box)/purge").status == 200)
            let frames = try await stream.events(4)
            #expect(frames.map(\.eventType) == ["edge.deleted", "item.purged", "edge.deleted", "item.purged"])
            #expect(frames[0].data["edge"]?["id"]?.string == contains)
            #expect(frames[0].data["purged_with"]?.string == box)
            #expect(frames[1].data["item"]?["id"]?.string == box)
            #expect(frames[2].data["edge"]?["id"]?.string == mention)
            #expect(frames[2].data["purged_with"]?.string == inner)
            #expect(frames[3].data["item"]?["id"]?.string == inner)
            #expect(frames[3].data["purged_with"]?.string == box)
            #expect(frames[3].data["trashed_with"]?.string == box)
            let ids = frames.compactMap { $0.id.flatMap { Int($0) } }
            #expect(ids == ids.sorted() && ids.count == 4)
            #expect(try await Self.state(local, inner) == nil)
            #expect(try await Self.state(local, outside) == "active")
        }
    }

    @Test func theTrashSweepPurgesWhatACascadeTookWithItsItem() async throws {
        let clock = ManualClock()
        var options = LocalInstance.Options(log: { _ in })
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            try await Self.registerEdgeTypes(local)
            // The taken row is older than the one whose delete took it, so it comes first by seq.
            let inner = try await EventStreamTests.note(local, "inner")
            let box = try await EventStreamTests.note(local, "box")
            _ = try await Self.edge(local, "contains", box, inner)
            #expect(try await local.send(.delete, "/items/\(box)").status == 200)
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)
            clock.advance(by: .seconds(61 * 86_400))
            let sweep = try await local.send(.post, "/housekeeping/trash-purge/run")
            #expect(sweep.json["result"]?["removed"]?.int == 2, "\(sweep.text)")
            let frames = try await stream.events(3)
            #expect(frames.map(\.eventType) == ["edge.deleted", "item.purged", "item.purged"])
            #expect(frames[1].data["item"]?["id"]?.string == box)
            #expect(frames[2].data["item"]?["id"]?.string == inner)
            #expect(frames[2].data["purged_with"]?.string == box)
        }
    }
}
