import Foundation
import Marfa
import Testing

@Suite("Working copy: links written in bodies")
struct BodyLinkTests {
    @Test(
        "saving a body queues a references edge per [[Name]] it adds and the delete of each it drops; links(in:) names each target"
    )
    func bodyLinks() async throws {
        try await CopyTestInstance.with { test in
            let paris = try await test.createItem("core.note", properties: #"{"title": "Paris"}"#)
            let rome = try await test.createItem("core.note", properties: #"{"title": "Rome"}"#)
            try await test.createItem("core.note", properties: #"{"title": "Twin"}"#)
            try await test.createItem("core.note", properties: #"{"title": "twin"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let trip = try await copy.items.create(
                Draft(
                    type: "core.note",
                    properties: [
                        "title": "Trip", "body": "From [[Paris]] to [[Rome|the city]], [[Twin]], [[Nowhere]].",
                    ]))
            let id = try #require(trip.itemId)
            let queued = try await copy.queue.all().filter { $0.kind == .createEdge }
            #expect(Set(queued.compactMap(\.targetId)) == [paris, rome])
            let links = try await copy.items.links(in: id)
            #expect(links.map(\.name) == ["Paris", "Rome", "Twin", "Nowhere"])
            #expect(links[0].target == .pending(id: paris) && links[3].target == .missing)
            guard case .ambiguous(let twins) = links[2].target else { throw TestFailure("Twin was \(links[2].target)") }
            #expect(twins.count == 2)
            _ = try await copy.queue.drain()
            #expect(try await copy.items.links(in: id).first?.target == .item(id: paris))
            let held = try #require(try await copy.items.get(id))
            _ = try await copy.items.update(id, Edit(.merge(["body": "Only [[Rome]] now."]), baseVersion: held.version))
            let deletes = try await copy.queue.all().filter { $0.kind == .deleteEdge && $0.verdict == nil }
            #expect(deletes.map(\.targetId) == [paris])
            _ = try await copy.queue.drain()
            #expect(try await copy.edges.from(id).map(\.targetId) == [rome])
            #expect(try await test.send(.get, "/items/\(id)/edges").body["data"]?.array?.count == 1)
            await copy.close()
        }
    }
}
