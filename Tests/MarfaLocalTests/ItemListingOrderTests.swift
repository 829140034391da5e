import Foundation
import Testing

/// `GET /items` without a type filter: a listing that names every stored type walks the creation
/// or update index in order and stops after a page; one narrowed by the key's reach filters by
/// type. Both page through every item they may see exactly once, in order.
@Suite struct ItemListingOrderTests {
    /// Every title `GET /items<query>` lists, page by page (`limit` each), with `key` when given.
    static func titles(
        _ local: LocalTestInstance, _ query: String, limit: Int, key: String? = nil
    ) async throws -> [String] {
        var titles: [String] = []
        var cursor: String?
        repeat {
            let path = "/items?limit=\(limit)\(query)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page: RawAnswer
            if let key {
                page = try await local.send(.get, path, key: key)
            } else {
                page = try await local.send(.get, path)
            }
            #expect(page.status == 200, "\(page.text)")
            let data = page.json["data"]?.array ?? []
            #expect(data.count <= limit)
            titles += data.compactMap { $0["properties"]?["title"]?.string }
            cursor = page.json["cursor"]?.string
        } while cursor != nil
        return titles
    }

    @Test func everyTypeOrOneTypeByReachPagesInCreationAndUpdateOrder() async throws {
        try await LocalTestInstance.with { local in
            var made: [(title: String, id: String)] = []
            for index in 0..<9 {
                let type = index % 3 == 0 ? "core.task" : "core.note"
                let title = "\(type == "core.task" ? "task" : "note") \(index)"
                made.append((title, try await SearchTests.item(local, #"{"title":"\#(title)"}"#, type: type)))
            }
            let binned = try #require(made.first { $0.title == "note 1" })
            #expect(try await local.send(.delete, "/items/\(binned.id)").status == 200)
            let kept = made.map(\.title).filter { $0 != "note 1" }

            #expect(try await Self.titles(local, "", limit: 2) == kept.reversed())
            #expect(try await Self.titles(local, "&direction=asc", limit: 4) == kept)
            #expect(try await Self.titles(local, "&state=any&direction=asc", limit: 3) == made.map(\.title))

            // An update moves an item to the end of the update order.
            let first = try #require(made.first)
            let patched = try await local.send(
                .patch, "/items/\(first.id)", json: #"{"version":1,"properties":{"title":"task 0 again"}}"#)
            #expect(patched.status == 200, "\(patched.text)")
            let byUpdate = try await Self.titles(local, "&sort=updated_at&direction=asc", limit: 2)
            #expect(byUpdate.last == "task 0 again")
            #expect(byUpdate.count == kept.count)

            // A key that reads tasks only lists tasks, page by page.
            let made2 = try await local.send(
                .post, "/keys", json: #"{"label":"Tasks","source":"tasks","type_permissions":{"core.task":"read"}}"#)
            let tasksKey = try #require(made2.json["key"]?.string, "\(made2.text)")
            #expect(
                try await Self.titles(local, "&direction=asc", limit: 2, key: tasksKey)
                    == ["task 0 again", "task 3", "task 6"])
        }
    }
}
