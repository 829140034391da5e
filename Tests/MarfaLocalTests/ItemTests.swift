import Foundation
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

@Suite struct ItemTests {
    @Test func createsReadsUpdatesAndKeepsSnapshotsWithTheirWriter() async throws {
        try await LocalTestInstance.with { local in
            let created = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"Draft"},"tags":["a","a","b"]}"#)
            #expect(created.status == 201)
            let id = try #require(created.json["item"]?["id"]?.string)
            #expect(created.json["item"]?["version"]?.int == 1)
            #expect(created.json["metadata"]?["tags"] == .array([.string("a"), .string("b")]))

            let updated = try await local.send(
                .patch, "/items/\(id)", json: #"{"version":1,"properties":{"body":"Text"}}"#)
            #expect(updated.status == 200)
            #expect(updated.json["item"]?["version"]?.int == 2)
            #expect(updated.json["item"]?["properties"]?["title"]?.string == "Draft")
            #expect(updated.json["item"]?["properties"]?["body"]?.string == "Text")

            let stale = try await local.send(
                .patch, "/items/\(id)", json: #"{"version":1,"properties":{"body":"Other"}}"#)
            #expect(stale.status == 409)
            #expect(stale.errorCode == "version_conflict")
            #expect(stale.json["conflicting_fields"] == .array([.string("body")]))
            #expect(stale.json["current"]?["version"]?.int == 2)

            let merged = try await local.send(
                .patch, "/items/\(id)", json: #"{"version":1,"properties":{"notes":"n"}}"#)
            #expect(merged.status == 200)
            #expect(merged.json["item"]?["version"]?.int == 3)

            let noBase = try await local.send(
                .patch, "/items/\(id)", json: #"{"version":0,"properties":{"notes":"m"}}"#)
            #expect(noBase.errorCode == "ancestor_unavailable")
            let missingVersion = try await local.send(.patch, "/items/\(id)", json: #"{"properties":{"notes":"m"}}"#)
            #expect(missingVersion.status == 400)
            #expect(missingVersion.errorCode == "missing_required_field")

            let history = try await local.send(.get, "/items/\(id)/versions")
            let snapshots = try #require(history.json["snapshots"]?.array)
            #expect(snapshots.map { $0["version"]?.int } == [1, 2])
            #expect(snapshots[0]["properties"]?["title"]?.string == "Draft")
            #expect(snapshots[0]["writer"]?["kind"]?.string == "key")
            #expect(snapshots[0]["writer"]?["name"]?.string == "Owner")
            #expect(history.json["next"] == .null)
        }
    }

    @Test func versionsArePagedOldestFirst() async throws {
        try await LocalTestInstance.with { local in
            let created = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"t0"}}"#)
            let id = try #require(created.json["item"]?["id"]?.string)
            for version in 1...5 {
                let answer = try await local.send(
                    .patch, "/items/\(id)", json: #"{"version":\#(version),"properties":{"title":"t\#(version)"}}"#)
                #expect(answer.status == 200)
            }
            var seen: [Int64] = []
            var after: Int64 = 0
            while true {
                let page = try await local.send(.get, "/items/\(id)/versions?limit=2&after=\(after)")
                seen += page.json["snapshots"]?.array?.compactMap { $0["version"]?.int } ?? []
                guard let next = page.json["next"]?.int else { break }
                after = next
            }
            #expect(seen == [1, 2, 3, 4, 5])
            let badLimit = try await local.send(.get, "/items/\(id)/versions?limit=500")
            #expect(badLimit.errorCode == "validation_error")
        }
    }

    @Test func binRestoreAndTransitions() async throws {
        try await LocalTestInstance.with { local in
            let created = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"Bin me"}}"#)
            let id = try #require(created.json["item"]?["id"]?.string)
            let archived = try await local.send(.post, "/items/\(id)/transition", json: #"{"state":"archived"}"#)
            #expect(archived.json["item"]?["state"]?.string == "archived")
            #expect(archived.json["item"]?["version"]?.int == 1)
            let deleted = try await local.send(.delete, "/items/\(id)")
            #expect(deleted.status == 200)
            for path in ["/items/\(id)", "/items/\(id)/versions"] {
                let gone = try await local.send(.get, path)
                #expect(gone.status == 404)
                #expect(gone.errorCode == "item_not_found")
            }
            let listed = try await local.send(.get, "/items?type=core.note")
            #expect(listed.json["data"]?.array?.isEmpty == true)
            let binned = try await local.send(.get, "/items?type=core.note&state=trashed")
            #expect(binned.json["data"]?.array?.count == 1)
            let restored = try await local.send(.post, "/items/\(id)/restore")
            #expect(restored.json["item"]?["state"]?.string == "active")
            let again = try await local.send(.post, "/items/\(id)/restore")
            #expect(again.errorCode == "invalid_transition")
        }
    }

    @Test func naturalKeysUpsert() async throws {
        try await LocalTestInstance.with { local in
            let first = try await local.send(
                .post, "/items",
                json: #"{"type":"core.bookmark","source_id":"b-1","properties":{"url":"https://a.example"}}"#)
            #expect(first.status == 201)
            let second = try await local.send(
                .post, "/items",
                json: #"{"type":"core.bookmark","source_id":"b-1","properties":{"url":"https://b.example"}}"#)
            #expect(second.status == 200)
            #expect(second.json["item"]?["id"] == first.json["item"]?["id"])
            #expect(second.json["item"]?["version"]?.int == 2)
            let conditional = try await local.send(
                .post, "/items",
                json:
                    #"{"type":"core.bookmark","source_id":"b-1","version":0,"properties":{"url":"https://c.example"}}"#)
            #expect(conditional.errorCode == "version_conflict")
            let acknowledged = try await local.send(
                .post, "/items",
                json: #"{"type":"core.note","id":"01900000-0000-7000-8000-000000000001","properties":{}}"#)
            #expect(acknowledged.status == 201)
            let repeated = try await local.send(
                .post, "/items",
                json: #"{"type":"core.note","id":"01900000-0000-7000-8000-000000000001","properties":{}}"#)
            #expect(repeated.status == 200)
            #expect(repeated.json["acknowledged"] == .bool(true))
        }
    }

    @Test func listsWithCursorPagingAndFilters() async throws {
        try await LocalTestInstance.with { local in
            for index in 0..<7 {
                let answer = try await local.send(
                    .post, "/items",
                    json:
                        #"{"type":"core.task","properties":{"title":"task \#(index)"},"tags":["\#(index % 2 == 0 ? "even" : "odd")"]}"#
                )
                #expect(answer.status == 201)
            }
            _ = try await local.send(.post, "/items", json: #"{"type":"core.note","properties":{"title":"note"}}"#)
            var titles: [String] = []
            var cursor: String?
            repeat {
                let path = "/items?type=core.task&limit=3&direction=asc" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await local.send(.get, path)
                titles += page.json["data"]?.array?.compactMap { $0["properties"]?["title"]?.string } ?? []
                cursor = page.json["cursor"]?.string
                if page.json["has_more"] == .bool(false) { #expect(cursor == nil) }
            } while cursor != nil
            #expect(titles == (0..<7).map { "task \($0)" })
            let even = try await local.send(.get, "/items?type=core.task&tags=even")
            #expect(even.json["data"]?.array?.count == 4)
            let everything = try await local.send(.get, "/items?type=core.*&include=metadata&limit=200")
            #expect(everything.json["data"]?.array?.count == 8)
            #expect(everything.json["data"]?.array?.first?["metadata"] != nil)
            let unknown = try await local.send(.get, "/items?type=app.none.here")
            #expect(unknown.errorCode == "unknown_type")
        }
    }

    @Test func propertiesAreCheckedAgainstTheType() async throws {
        try await LocalTestInstance.with { local in
            let missing = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"done":true}}"#)
            #expect(missing.status == 400)
            #expect(missing.errorCode == "invalid_properties")
            let wrongKind = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"x","done":"yes"}}"#)
            #expect(wrongKind.errorCode == "invalid_properties")
            #expect(wrongKind.json["error"]?["details"]?["errors"]?.array?.first?["path"]?.string == "properties.done")
            let badDate = try await local.send(
                .post, "/items", json: #"{"type":"core.event","properties":{"title":"x","starts_at":"tomorrow"}}"#)
            #expect(badDate.errorCode == "invalid_properties")
            let unknownType = try await local.send(.post, "/items", json: #"{"type":"user.nothing","properties":{}}"#)
            #expect(unknownType.errorCode == "unknown_type")
            let malformedType = try await local.send(.post, "/items", json: #"{"type":"Nope","properties":{}}"#)
            #expect(malformedType.errorCode == "validation_error")
            let unclaimed = try await local.send(
                .post, "/items", json: #"{"type":"core.note","source":"someone-else","properties":{}}"#)
            #expect(unclaimed.status == 403)
            #expect(unclaimed.json["error"]?["details"]?["source"]?.string == "someone-else")
        }
    }

    @Test func aKeyOnlyReachesItsTypes() async throws {
        try await LocalTestInstance.with { local in
            let note = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"secret"}}"#)
            let id = try #require(note.json["item"]?["id"]?.string)
            let made = try await local.send(
                .post, "/keys", json: #"{"label":"tasks","source":"tasks","type_permissions":{"core.task":"write"}}"#)
            let key = try #require(made.json["key"]?.string)
            let hidden = try await local.send(.get, "/items/\(id)", key: key)
            #expect(hidden.errorCode == "item_not_found")
            let refused = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{}}"#, key: key)
            #expect(refused.errorCode == "type_not_permitted")
            let own = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"mine"}}"#, key: key)
            #expect(own.status == 201)
            #expect(own.json["item"]?["source"]?.string == "tasks")
            let listed = try await local.send(.get, "/items", key: key)
            #expect(listed.json["data"]?.array?.count == 1)
        }
    }
}
