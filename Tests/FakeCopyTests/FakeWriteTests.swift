import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: writes and the queue")
struct FakeWriteTests {
    @Test("a create changes the copy at once, queues the write and tells changes()")
    func create() async throws {
        let fake = Fixture.library()
        var changes = fake.copy.changes().makeAsyncIterator()
        let write = try await fake.copy.items.create(
            Draft(type: "app.note", properties: ["title": "Fresh", "body": "new text"], tags: ["home"], id: "fresh"))
        #expect(write.kind == .createItem && write.itemId == "fresh" && write.verdict == nil)
        let item = try #require(try await fake.copy.items.get("fresh"))
        #expect(
            item.version == 0 && item.title == "Fresh" && item.tags == ["home"] && item.tier == .library
                && item.state == .active)
        #expect(await next(2, of: &changes).map(\.summary) == ["local createItem fresh ", "local addTag fresh "])
        let queue = try await fake.copy.queue.all()
        #expect(queue.map(\.kind) == [.createItem, .addTag])
        #expect(queue[1].follows == write.id && queue[1].dependsOn == [write.id] && queue[1].waiting)
        #expect(try await fake.copy.items.list(ListFilters(tags: ["home"])).first?.id == "fresh")
    }

    @Test("the copy's checks refuse a write before anything is queued")
    func checks() async throws {
        let fake = Fixture.library()
        let items = fake.copy.items
        await #expect(throws: MarfaError.self) { _ = try await items.create(Draft(type: "app.other")) }
        await #expect(
            throws: MarfaError.validation(
                code: "validation_error", message: "The field title is required by app.note.", details: nil)
        ) {
            _ = try await items.create(Draft(type: "app.note", properties: ["body": "no title"]))
        }
        await #expect(throws: MarfaError.self) {
            _ = try await items.create(Draft(type: "app.task", properties: ["done": "yes"]))
        }
        await #expect(
            throws: MarfaError.versionConflict(
                code: "version_conflict", message: "The copy holds version 1 of n1, not 3.")
        ) {
            _ = try await items.update("n1", Edit(.merge(["title": "x"]), baseVersion: 3))
        }
        await #expect(throws: MarfaError.self) {
            _ = try await fake.copy.edges.create(from: "n1", to: "n1", type: "references")
        }
        await #expect(throws: MarfaError.self) {
            _ = try await fake.copy.edges.create(from: "n1", to: "n2", type: "references")
        }
        await #expect(throws: MarfaError.self) {
            _ = try await fake.copy.edges.create(from: "t1", to: "n3", type: "parent-of")
        }
        await #expect(throws: MarfaError.self) { _ = try await fake.copy.tags.add("", to: "n1") }
        #expect(try await fake.copy.queue.all().isEmpty)
        #expect(fake.writes.isEmpty)
    }

    @Test("updates merge or replace, retype and move tiers, each at once")
    func updates() async throws {
        let copy = Fixture.library().copy
        _ = try await copy.items.update("n1", Edit(.merge(["title": "Shopping", "body": .null]), baseVersion: 1))
        var note = try #require(try await copy.items.get("n1"))
        #expect(note.title == "Shopping" && note.body == "milk and bread" && note.version == 1)
        _ = try await copy.items.updateAsRead(
            "n1", Edit(.replace(["title": "Only a title"]), baseVersion: 1, tier: .feed))
        note = try #require(try await copy.items.get("n1"))
        #expect(note.properties == ["title": "Only a title"] && note.tier == .feed)
        _ = try await copy.items.transition("n2", to: .archived)
        #expect(try await copy.items.list(ListFilters(state: .archived)).map(\.id) == ["n3", "n2"])
        _ = try await copy.items.delete("n3")
        #expect(try await copy.items.get("n3") == nil)
        _ = try await copy.items.restore("n3")
        #expect(try await copy.items.get("n3")?.state == .active)
        let queue = try await copy.queue.all()
        #expect(queue.map(\.kind) == [.updateItem, .updateItem, .transitionItem, .deleteItem, .restoreItem])
        #expect(queue[1].follows == queue[0].id && queue[1].waiting && queue[1].dependsOn.isEmpty)
        #expect(queue[4].follows == queue[3].id && !queue[2].waiting)
    }

    @Test("edge, tag, metadata and extension writes change the copy at once and follow earlier writes to the same row")
    func otherWrites() async throws {
        let fake = Fixture.library()
        let copy = fake.copy
        let create = try await copy.items.create(Draft(type: "app.note", properties: ["title": "Target"], id: "target"))
        let edge = try await copy.edges.create(
            from: "n1", to: "target", type: "references", properties: ["weight": 2], id: "e9")
        #expect(edge.dependsOn == [create.id] && edge.follows == nil && edge.targetId == "target")
        #expect(try await copy.edges.from("n1").map(\.id) == ["e1", "e2", "e9"])
        let change = try await copy.edges.update("e9", properties: ["weight": 3], baseVersion: 0)
        #expect(change.follows == edge.id)
        #expect(try await copy.edges.from("n1").last?.properties == ["weight": 3])
        _ = try await copy.edges.delete("e2")
        #expect(try await copy.edges.from("n1").map(\.id) == ["e1", "e9"])

        _ = try await copy.metadata.replaceTags(of: "n2", with: ["a", "b", "a"])
        _ = try await copy.metadata.mergeTags(["c"], into: "n2")
        _ = try await copy.tags.remove("a", from: "n2")
        #expect(try await copy.tags.of("n2") == ["b", "c"])
        _ = try await copy.extensions.write("app.reading", ["page": 12], on: "n2")
        #expect(try await copy.extensions.get("app.reading", of: "n2") == ["page": 12])
        _ = try await copy.extensions.delete("app.reading", from: "n2")
        #expect(try await copy.extensions.of("n2").isEmpty)
        #expect(
            fake.writes.map(\.kind) == [
                .createItem, .createEdge, .updateEdge, .deleteEdge, .replaceMetadata, .mergeMetadata, .removeTag,
                .writeExtension,
                .deleteExtension,
            ])
    }
}
