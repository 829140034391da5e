import Foundation
import MarfaOpenAPIRuntime
import Testing

/// An edge is read only by a key that may read its edge type and both of its items.
@Suite struct EdgeVisibilityTests {
    static func mint(_ local: LocalTestInstance, source: String, grants: String) async throws -> String {
        let answer = try await local.send(
            .post, "/keys", json: #"{"label":"Limited","source":"\#(source)",\#(grants)}"#)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["key"]?.string)
    }

    @Test func anEdgeToAnUnreadableTargetIsNotListed() async throws {
        try await LocalTestInstance.with { local in
            let note = try await EventStreamTests.note(local, "note")
            let otherNote = try await EventStreamTests.note(local, "other note")
            let task = try await EventStreamTests.note(local, "task", type: "core.task")
            let hidden = try await EdgeTests.edge(local, "references", note, task)
            let shown = try await EdgeTests.edge(local, "references", note, otherNote)
            let hiddenID = try #require(hidden.json["edge"]?["id"]?.string)
            let shownID = try #require(shown.json["edge"]?["id"]?.string)

            let notesOnly = try await Self.mint(
                local, source: "app.notes",
                grants: #""type_permissions":{"core.note":"read"},"edge_permissions":{"references":"read"}"#)
            let outgoing = try await local.send(.get, "/items/\(note)/edges", key: notesOnly)
            #expect(outgoing.status == 200, "\(outgoing.text)")
            #expect(outgoing.json["data"]?.array?.compactMap { $0["id"]?.string } == [shownID])
            let all = try await local.send(.get, "/edges", key: notesOnly)
            #expect(all.json["data"]?.array?.compactMap { $0["id"]?.string } == [shownID])
            #expect(try await local.send(.get, "/edges/\(hiddenID)", key: notesOnly).errorCode == "edge_not_found")
            #expect(try await local.send(.get, "/edges/\(shownID)", key: notesOnly).status == 200)
        }
    }

    @Test func readingAnEdgeNeedsItsEdgeType() async throws {
        try await LocalTestInstance.with { local in
            let a = try await EventStreamTests.note(local, "a")
            let b = try await EventStreamTests.note(local, "b")
            let edge = try await EdgeTests.edge(local, "references", a, b)
            let id = try #require(edge.json["edge"]?["id"]?.string)
            let noEdges = try await Self.mint(
                local, source: "app.noedges", grants: #""type_permissions":{"core.note":"read"},"edge_permissions":{}"#)
            #expect(try await local.send(.get, "/edges/\(id)", key: noEdges).errorCode == "edge_not_found")
            #expect(try await local.send(.get, "/items/\(a)/edges", key: noEdges).json["data"]?.array?.isEmpty == true)
        }
    }
}
