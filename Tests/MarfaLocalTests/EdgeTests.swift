import Foundation
import MarfaOpenAPIRuntime
import Testing

@Suite struct EdgeTests {
    static func edge(
        _ local: LocalTestInstance, _ type: String, _ source: String, _ target: String, properties: String = "{}"
    ) async throws -> RawAnswer {
        try await local.send(
            .post, "/edges",
            json:
                #"{"edge_type":"\#(type)","source_id":"\#(source)","target_id":"\#(target)","properties":\#(properties)}"#
        )
    }

    @Test func createsReadsUpdatesAndDeletesWithEvents() async throws {
        try await LocalTestInstance.with { local in
            let a = try await EventStreamTests.note(local, "a")
            let b = try await EventStreamTests.note(local, "b")
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)

            let created = try await Self.edge(local, "references", a, b, properties: #"{"note":"see"}"#)
            #expect(created.status == 201)
            let id = try #require(created.json["edge"]?["id"]?.string)
            #expect(created.json["edge"]?["version"]?.int == 1)
            let again = try await Self.edge(local, "references", a, b)
            #expect(again.status == 200)
            #expect(again.json["edge"]?["id"]?.string == id)
            let repeated = try await local.send(
                .post, "/edges",
                json: #"{"id":"\#(id)","edge_type":"references","source_id":"\#(a)","target_id":"\#(b)"}"#)
            #expect(repeated.json["acknowledged"] == .bool(true))

            let read = try await local.send(.get, "/edges/\(id)")
            #expect(read.json["edge"]?["properties"]?["note"]?.string == "see")
            let noVersion = try await local.send(.patch, "/edges/\(id)", json: #"{"properties":{"note":"x"}}"#)
            #expect(noVersion.errorCode == "missing_required_field")
            let updated = try await local.send(
                .patch, "/edges/\(id)", json: #"{"version":1,"properties":{"note":null,"weight":2}}"#)
            #expect(updated.json["edge"]?["version"]?.int == 2)
            #expect(updated.json["edge"]?["properties"] == ["weight": 2])
            let stale = try await local.send(.patch, "/edges/\(id)", json: #"{"version":1,"properties":{}}"#)
            #expect(stale.status == 409)
            #expect(stale.errorCode == "version_conflict")
            #expect(stale.json["current"]?["version"]?.int == 2)

            #expect(try await local.send(.get, "/items/\(a)/edges").json["data"]?.array?.count == 1)
            #expect(try await local.send(.get, "/items/\(b)/edges").json["data"]?.array?.isEmpty == true)
            #expect(try await local.send(.get, "/items/\(b)/backrefs").json["data"]?.array?.first?["id"]?.string == id)
            #expect(
                try await local.send(.get, "/items/\(b)/backrefs?edge_type=about").json["data"]?.array?.isEmpty == true)

            let deleted = try await local.send(.delete, "/edges/\(id)")
            #expect(deleted.status == 200)
            #expect(try await local.send(.get, "/edges/\(id)").errorCode == "edge_not_found")

            let frames = try await stream.events(3)
            #expect(frames.map(\.eventType) == ["edge.created", "edge.updated", "edge.deleted"])
            #expect(frames[0].data["source_type"]?.string == "core.note")
            #expect(frames[0].data["edge"]?["id"]?.string == id)

            let noEdges = try await EventStreamReader.open(local, "?edges=none", lastEventID: "0")
            #expect(
                try await noEdges.events(4).map(\.eventType) == [
                    "stream_cursor", "item.created", "item.created", "stream_live",
                ])
        }
    }

    @Test func enforcesCardinalityAndCycles() async throws {
        try await LocalTestInstance.with { local in
            var ids: [String] = []
            for index in 0..<4 { ids.append(try await EventStreamTests.note(local, "n\(index)")) }
            let self_ = try await Self.edge(local, "references", ids[0], ids[0])
            #expect(self_.errorCode == "edge_cycle")

            #expect(try await Self.edge(local, "parent-of", ids[0], ids[1]).status == 201)
            #expect(try await Self.edge(local, "parent-of", ids[1], ids[2]).status == 201)
            let secondParent = try await Self.edge(local, "parent-of", ids[3], ids[2])
            #expect(secondParent.errorCode == "edge_constraint_violation")
            let cycle = try await Self.edge(local, "parent-of", ids[2], ids[0])
            #expect(cycle.errorCode == "edge_cycle")
            #expect(try await Self.edge(local, "parent-of", ids[0], ids[3]).status == 201)

            #expect(try await Self.edge(local, "supersedes", ids[0], ids[1]).status == 201)
            #expect(try await Self.edge(local, "supersedes", ids[0], ids[2]).errorCode == "edge_constraint_violation")
            #expect(try await Self.edge(local, "supersedes", ids[3], ids[1]).errorCode == "edge_constraint_violation")
            #expect(try await Self.edge(local, "supersedes", ids[1], ids[0]).errorCode == "edge_cycle")

            let registered = try await local.send(
                .post, "/edge-types",
                json: #"{"id":"assigned-to","cardinality":"many-to-one","target_type_constraints":["core.task"]}"#)
            #expect(registered.status == 201)
            let task = try await EventStreamTests.note(local, "t", type: "core.task")
            let otherTask = try await EventStreamTests.note(local, "u", type: "core.task")
            #expect(try await Self.edge(local, "assigned-to", ids[0], ids[1]).errorCode == "edge_constraint_violation")
            #expect(try await Self.edge(local, "assigned-to", ids[0], task).status == 201)
            #expect(
                try await Self.edge(local, "assigned-to", ids[0], otherTask).errorCode == "edge_constraint_violation")
            #expect(try await Self.edge(local, "assigned-to", ids[1], task).status == 201)
            #expect(try await Self.edge(local, "no-such-type", ids[0], task).status == 400)
            let missing = try await Self.edge(local, "references", ids[0], "01900000-0000-7000-8000-0000000000ff")
            #expect(missing.errorCode == "item_not_found")
        }
    }

    @Test func listsWithCursorPaging() async throws {
        try await LocalTestInstance.with { local in
            let hub = try await EventStreamTests.note(local, "hub")
            var made: [String] = []
            for index in 0..<7 {
                let target = try await EventStreamTests.note(local, "t\(index)")
                let answer = try await Self.edge(local, index % 2 == 0 ? "references" : "about", hub, target)
                made.append(try #require(answer.json["edge"]?["id"]?.string))
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query =
                    "/edges?limit=3"
                    + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" }
                        ?? "")
                let page = try await local.send(.get, query)
                #expect(page.status == 200)
                seen += page.json["data"]?.array?.compactMap { $0["id"]?.string } ?? []
                cursor = page.json["cursor"]?.string
                #expect((cursor != nil) == (page.json["has_more"] == .bool(true)))
                pages += 1
            } while cursor != nil
            #expect(seen == made)
            #expect(pages == 3)
            let about = try await local.send(.get, "/edges?edge_type=about")
            #expect(about.json["data"]?.array?.count == 3)
            let itemPage = try await local.send(.get, "/items/\(hub)/edges?edge_type=references&limit=2")
            #expect(itemPage.json["data"]?.array?.count == 2)
            #expect(itemPage.json["has_more"] == .bool(true))
            #expect(try await local.send(.get, "/edges?limit=501").status == 400)
        }
    }
}
