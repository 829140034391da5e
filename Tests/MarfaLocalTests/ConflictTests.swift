import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Stale writes over real HTTP: merged, refused with what a client needs, or settled by the type's
/// merge policy with `conflict=auto`.
@Suite struct ConflictTests {
    /// Creates an item of `type` with `properties` (JSON); answers its id.
    static func item(
        _ local: LocalTestInstance, _ properties: String, type: String = "core.note"
    ) async throws -> String {
        let answer = try await local.send(.post, "/items", json: #"{"type":"\#(type)","properties":\#(properties)}"#)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["item"]?["id"]?.string)
    }

    static func patch(
        _ local: LocalTestInstance, _ id: String, _ json: String, auto: Bool = false
    ) async throws -> RawAnswer {
        try await local.send(.patch, "/items/\(id)" + (auto ? "?conflict=auto" : ""), json: json)
    }

    @Test func autoKeepsBothBodiesAndTakesTheLaterTitle() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"Draft","body":"first"}"#)
            #expect(
                try await Self.patch(local, id, #"{"version":1,"properties":{"title":"Server","body":"server text"}}"#)
                    .status == 200)
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)

            let refused = try await Self.patch(
                local, id, #"{"version":1,"properties":{"title":"Mine","body":"my text"}}"#)
            #expect(refused.status == 409)
            #expect(refused.errorCode == "version_conflict")
            #expect(refused.json["conflicting_fields"] == ["body", "title"])
            #expect(refused.json["merge_policy"]?["fields"]?["body"]?.string == "keep_both_copies")
            #expect(refused.json["merge_policy"]?["default"]?.string == "last_writer_wins")
            #expect(refused.json["ancestor"]?["properties"]?["body"]?.string == "first")
            #expect(refused.json["current"]?["version"]?.int == 2)

            let settled = try await Self.patch(
                local, id, #"{"version":1,"properties":{"title":"Mine","body":"my text"}}"#, auto: true)
            #expect(settled.status == 200, "\(settled.text)")
            #expect(settled.json["item"]?["version"]?.int == 3)
            #expect(
                settled.json["item"]?["properties"]?["title"]?.string == "Mine",
                "last_writer_wins takes the later write")
            #expect(
                settled.json["item"]?["properties"]?["body"]?.string == "server text",
                "keep_both_copies keeps the server's")
            let resolution = try #require(settled.json["conflict_resolution"])
            #expect(resolution["fields"] == ["body", "title"])
            #expect(resolution["strategy"] == ["body": "keep_both_copies", "title": "last_writer_wins"])
            let copyID = try #require(resolution["conflicted_copy_id"]?.string)

            let copy = try await local.send(.get, "/items/\(copyID)")
            #expect(copy.json["item"]?["properties"]?["body"]?.string == "my text")
            #expect(copy.json["item"]?["properties"]?["title"]?.string == "Mine")
            #expect(copy.json["metadata"]?["tags"] == ["conflicted-copy"])
            let edges = try await local.send(.get, "/items/\(copyID)/edges")
            let edge = try #require(edges.json["data"]?.array?.first)
            #expect(edge["edge_type"]?.string == "derived-from")
            #expect(edge["target_id"]?.string == id)
            let frames = try await stream.events(3)
            #expect(frames.map(\.eventType) == ["item.updated", "item.created", "edge.created"])
        }
    }

    @Test func autoWithOnlyLastWriterFieldsMakesNoCopy() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"Draft"}"#)
            let server = #"{"version":1,"properties":{"title":"Server"},"timestamp":"2030-01-01T00:00:00Z"}"#
            #expect(try await Self.patch(local, id, server).status == 200)
            let mine = #"{"version":1,"properties":{"title":"Mine"},"timestamp":"2031-01-01T00:00:00Z"}"#
            let settled = try await Self.patch(local, id, mine, auto: true)
            #expect(settled.status == 200, "\(settled.text)")
            #expect(settled.json["item"]?["properties"]?["title"]?.string == "Mine")
            #expect(settled.json["item"]?["timestamp"]?.string?.hasPrefix("2031-01-01") == true)
            #expect(settled.json["conflict_resolution"]?["fields"] == ["occurred_at", "title"])
            #expect(settled.json["conflict_resolution"]?["conflicted_copy_id"] == nil)
            let page = try await local.send(.get, "/items?limit=10")
            #expect(page.json["data"]?.array?.count == 1)
        }
    }

    @Test func aStaleWriteThatDoesNotCollideMerges() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"Draft","body":"text"}"#)
            #expect(try await Self.patch(local, id, #"{"version":1,"properties":{"title":"Server"}}"#).status == 200)
            let merged = try await Self.patch(local, id, #"{"version":1,"properties":{"body":"mine"}}"#)
            #expect(merged.status == 200)
            #expect(merged.json["item"]?["version"]?.int == 3, "more than one step past its base")
            #expect(merged.json["item"]?["properties"] == ["title": "Server", "body": "mine"])
            #expect(merged.json["conflict_resolution"] == nil)
            let same = try await Self.patch(local, id, #"{"version":2,"properties":{"title":"Server"}}"#)
            #expect(same.status == 200, "both sides wrote the same value: no collision")
        }
    }

    @Test func noAncestorAndRetypesAreNeverSettled() async throws {
        try await LocalTestInstance.with { local in
            #expect(
                try await local.send(.post, "/types", json: #"{"id":"app.conflict.memo","fields":{}}"#).status == 201)
            let id = try await Self.item(local, #"{"title":"Draft"}"#)
            #expect(try await Self.patch(local, id, #"{"version":1,"properties":{"title":"Server"}}"#).status == 200)
            for version in [0, 7] {
                let missing = try await Self.patch(
                    local, id, #"{"version":\#(version),"properties":{"title":"x"}}"#, auto: true)
                #expect(missing.status == 409)
                #expect(missing.errorCode == "ancestor_unavailable")
                #expect(missing.json["requested_version"]?.int == Int64(version))
                #expect(missing.json["current"]?["id"]?.string == id)
            }
            let retype = try await Self.patch(
                local, id, #"{"version":1,"type":"app.conflict.memo","retype":true,"properties":{"title":"Mine"}}"#,
                auto: true)
            #expect(retype.status == 409)
            #expect(retype.errorCode == "version_conflict")
            #expect(try await local.send(.get, "/items/\(id)").json["item"]?["type"]?.string == "core.note")
            #expect(try await Self.patch(local, id, #"{"version":2,"properties":{}}"#, auto: false).status == 200)
            let unknown = try await local.send(
                .patch, "/items/\(id)?conflict=later", json: #"{"version":3,"properties":{}}"#)
            #expect(unknown.status == 400)
        }
    }

    @Test func aCustomTypesPolicyDecides() async throws {
        try await LocalTestInstance.with { local in
            let type = """
                {"id":"app.conflict.doc","fields":{"summary":{"type":"string"},"notes":{"type":"string"}},
                 "merge_policy":{"fields":{"notes":"last_writer_wins"},"default":"keep_both_copies"}}
                """
            let registered = try await local.send(.post, "/types", json: type)
            #expect(registered.status == 201, "\(registered.text)")
            let id = try await Self.item(local, #"{"summary":"a","notes":"a"}"#, type: "app.conflict.doc")
            #expect(
                try await Self.patch(local, id, #"{"version":1,"properties":{"summary":"server","notes":"server"}}"#)
                    .status == 200)
            let settled = try await Self.patch(
                local, id, #"{"version":1,"properties":{"summary":"mine","notes":"mine"}}"#, auto: true)
            #expect(settled.status == 200, "\(settled.text)")
            #expect(settled.json["item"]?["properties"] == ["summary": "server", "notes": "mine"])
            #expect(
                settled.json["conflict_resolution"]?["strategy"] == [
                    "summary": "keep_both_copies", "notes": "last_writer_wins",
                ])
            let copyID = try #require(settled.json["conflict_resolution"]?["conflicted_copy_id"]?.string)
            #expect(
                try await local.send(.get, "/items/\(copyID)").json["item"]?["properties"]?["summary"]?.string == "mine"
            )
        }
    }
}
