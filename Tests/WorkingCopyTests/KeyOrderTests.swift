import Foundation
import Marfa
import MarfaSQLite
import Testing

@Suite("Key order: an item's properties keep their order from the wire to the store and back to the wire")
struct KeyOrderTests {
    private static let written = #"{"zeta": 1, "alpha": {"b": 1, "a": 2}, "mid": "m", "body": "text"}"#
    private static let storedText = #"{"zeta":1,"alpha":{"b":1,"a":2},"mid":"m","body":"text"}"#

    @Test("the server's order is the store's: hydrated, held as text, read back, and read again after reopening")
    func wireToStoreToRead() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: Self.written)
            let answer = try await test.send(.get, "/items/\(id)").body["item"]?["properties"]
            #expect(answer?.object?.keys == ["zeta", "alpha", "mid", "body"], "the local instance keeps write order")
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let held = try #require(try await copy.items.get(id)).properties
            #expect(held.keys == ["zeta", "alpha", "mid", "body"] && held["alpha"]?.object?.keys == ["b", "a"])
            await copy.close()
            #expect(try await Self.storedProperties(of: id, in: test.store()) == Self.storedText)
            let reopened = try await test.open()
            #expect(try #require(try await reopened.items.get(id)).properties.keys == ["zeta", "alpha", "mid", "body"])
            await reopened.close()
        }
    }

    @Test("a change read from the event stream keeps the order: a merge appends a new key and moves none")
    func streamKeepsOrder() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: Self.written)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            try await test.updateItem(id, properties: #"{"new": true, "zeta": 2}"#)
            _ = try await copy.catchUp()
            let held = try #require(try await copy.items.get(id)).properties
            #expect(held.keys == ["zeta", "alpha", "mid", "body", "new"] && held["zeta"] == 2)
            await copy.close()
        }
    }

    @Test("an object the app builds is sent in its order, and the server holds it so")
    func builtToServer() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let title = "Plan"
            var properties: JSONObject = ["title": .init(title), "zeta": 1]
            properties["alpha"] = ["y": 1, "x": 2]
            properties["omega"] = "o"
            properties.removeValue(forKey: "zeta")
            let write = try await copy.items.create(Draft(type: "core.note", properties: properties))
            let id = try #require(write.itemId)
            #expect(try await copy.queue.drain().answered == 1)
            let answer = try await test.send(.get, "/items/\(id)").body["item"]?["properties"]?.object
            #expect(answer?.keys == ["title", "alpha", "omega"] && answer?["alpha"]?.object?.keys == ["y", "x"])
            #expect(try #require(try await copy.items.get(id)).properties.keys == ["title", "alpha", "omega"])
            await copy.close()
        }
    }

    /// The properties column of item `id`, as the store holds the text.
    private static func storedProperties(of id: String, in store: URL) async throws -> String? {
        let pool = try await SQLitePool.open(path: store.path, configuration: .init(readOnly: true))
        let text = try await pool.read { db in try db.first("SELECT properties FROM items WHERE id = ?", id)?[0].text }
        await pool.close()
        return text
    }
}
