import Foundation
import Marfa
import Testing

@Suite("Records: an app's Codable struct written as an item and read back")
struct RecordTests {
    private struct Task: Codable, Equatable {
        var title: String
        var done: Bool
        var dueDate: Date?
        enum CodingKeys: String, CodingKey {
            case title, done
            case dueDate = "due"
        }
    }

    @Test("a record drafted, sent and filled into another copy decodes as it was written, keys as its coding keys say")
    func roundTrip() async throws {
        try await CopyTestInstance.with { test in
            let due = Date(timeIntervalSince1970: 1_800_000_000)
            let task = Task(title: "File the taxes", done: false, dueDate: due)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.task"], tier: .library)
            let write = try await copy.items.create(try Draft(type: "core.task", encoding: task))
            let id = try #require(write.itemId)
            #expect(try #require(try await copy.items.get(id)).decode(Task.self) == task)
            #expect(try await copy.queue.drain().answered == 1)
            let server = try await test.send(.get, "/items/\(id)")
            #expect(server.body["item"]?["properties"]?["due"]?.date == due)
            #expect(server.body["item"]?["properties"]?["dueDate"] == nil)
            await copy.close()
            let other = try await test.open(test.store("other.sqlite"))
            _ = try await other.hydrate(types: ["core.task"], tier: .library)
            #expect(try #require(try await other.items.get(id)).decode(Task.self) == task)
            await other.close()
        }
    }

    @Test("an edit from a record replaces the properties (a nil drops one) or, with merge, writes only its fields")
    func editFromRecord() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem(
                "core.task",
                properties: #"{"title": "Old", "done": false, "due": "2030-01-01T00:00:00Z", "body": "kept?"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.task"], tier: .library)
            let held = try #require(try await copy.items.get(id))
            _ = try await copy.items.update(
                id, try Edit(encoding: Task(title: "New", done: true), baseVersion: held.version))
            #expect(try await copy.queue.drain().answered == 1)
            let replaced = try await test.send(.get, "/items/\(id)").body["item"]?["properties"]
            #expect(replaced == ["title": "New", "done": true])
            let now = try #require(try await copy.items.get(id))
            let merge = try Edit(encoding: Task(title: "Newer", done: false), baseVersion: now.version, merge: true)
            #expect(merge.properties == .merge(["title": "Newer", "done": false]))
            _ = try await copy.items.update(id, merge)
            #expect(try await copy.queue.drain().answered == 1)
            #expect(try #require(try await copy.items.get(id)).decode(Task.self) == Task(title: "Newer", done: false))
            await copy.close()
        }
    }

    @Test("an item whose field has another kind than the record's refuses to decode, naming the field, and stays held")
    func mismatchNamesField() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "A note", "done": "yes"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let item = try #require(try await copy.items.get(id))
            let error = try #require(throws: MarfaError.self) { try item.decode(Task.self) }
            guard case .validation(let code, let message, let details) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(code == "record_mismatch" && details?["field"] == "done" && message.contains("`done`"))
            #expect(try await copy.items.get(id)?.properties["done"] == "yes")
            await copy.close()
        }
    }

    @Test("a record that is not an object cannot be a draft's properties")
    func recordMustBeObject() throws {
        let list = ["a", "b"]
        let error = try #require(throws: MarfaError.self) { try Draft(type: "core.note", encoding: list) }
        guard case .invalid(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message.contains("an array"))
    }
}
