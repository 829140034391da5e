import Foundation
import MarfaOpenAPIRuntime
import Testing

@Suite struct MetadataTests {
    @Test func tagsChangeWithoutMovingTheVersionAndEmitMetadataChanged() async throws {
        try await LocalTestInstance.with { local in
            let id = try await EventStreamTests.note(local, "tagged")
            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)

            let added = try await local.send(.post, "/items/\(id)/tags", json: #"{"tags":["b","a","b"]}"#)
            #expect(added.status == 200)
            #expect(added.json["metadata"]?["tags"] == .array([.string("b"), .string("a")]))
            let merged = try await local.send(.patch, "/items/\(id)/metadata", json: #"{"tags":["c","a"]}"#)
            #expect(merged.json["metadata"]?["tags"] == .array([.string("b"), .string("a"), .string("c")]))
            let removed = try await local.send(.delete, "/items/\(id)/tags/a")
            #expect(removed.json["metadata"]?["tags"] == .array([.string("b"), .string("c")]))
            let replaced = try await local.send(.put, "/items/\(id)/metadata", json: #"{"tags":["favorite"]}"#)
            #expect(replaced.json["metadata"]?["tags"] == .array([.string("favorite")]))
            let read = try await local.send(.get, "/items/\(id)/metadata")
            #expect(read.json["metadata"]?["item_id"]?.string == id)
            #expect(read.json["metadata"]?["tags"] == .array([.string("favorite")]))
            let empty = try await local.send(.post, "/items/\(id)/tags", json: #"{"tags":[]}"#)
            #expect(empty.status == 400)

            let item = try await local.send(.get, "/items/\(id)")
            #expect(item.json["item"]?["version"]?.int == 1)
            let frames = try await stream.events(4)
            #expect(frames.map(\.eventType) == Array(repeating: "metadata.changed", count: 4))
            #expect(frames.last?.data["metadata"]?["tags"] == .array([.string("favorite")]))
            #expect(frames.last?.data["item"]?["id"]?.string == id)

            try await EventStreamTests.note(local, "other")
            _ = try await local.send(
                .post, "/items/\(try await EventStreamTests.note(local, "third"))/tags",
                json: #"{"tags":["favorite","x"]}"#)
            let counts = try await local.send(.get, "/metadata/tags")
            #expect(counts.json["tags"] == [["tag": "favorite", "count": 2], ["tag": "x", "count": 1]])
        }
    }

    @Test func extensionsAreNamespacedObjects() async throws {
        try await LocalTestInstance.with { local in
            let id = try await EventStreamTests.note(local, "extended")
            let never = try await local.send(.get, "/items/\(id)/extensions/app.reader")
            #expect(never.status == 200)
            #expect(never.json["data"] == .null)
            let put = try await local.send(.put, "/items/\(id)/extensions/app.reader", json: #"{"progress":0.5}"#)
            #expect(put.status == 200)
            #expect(put.json["extensions"]?["app.reader"]?["progress"] == .double(0.5))
            let got = try await local.send(.get, "/items/\(id)/extensions/app.reader")
            #expect(got.json["namespace"]?.string == "app.reader")
            #expect(got.json["data"]?["progress"] == .double(0.5))
            let listed = try await local.send(.get, "/items/\(id)/extensions")
            #expect(listed.json["extensions"]?.object?.keys.sorted() == ["app.reader"])
            let onItem = try await local.send(.get, "/items/\(id)")
            #expect(onItem.json["metadata"]?["extensions"]?["app.reader"]?["progress"] == .double(0.5))
            #expect(onItem.json["item"]?["version"]?.int == 1)
            let listing = try await local.send(.get, "/items?type=core.note&include=metadata")
            #expect(
                listing.json["data"]?.array?.first?["metadata"]?["extensions"]?["app.reader"]?["progress"]
                    == .double(0.5))

            let deleted = try await local.send(.delete, "/items/\(id)/extensions/app.reader")
            #expect(deleted.json["extensions"] == .object([:]))
            let gone = try await local.send(.get, "/items/\(id)/extensions/app.reader")
            #expect(gone.json["data"] == .null)
            let badName = try await local.send(.put, "/items/\(id)/extensions/Bad%20Name", json: "{}")
            #expect(badName.status == 400)

            let replay = try await EventStreamReader.open(local, lastEventID: "1")
            let frames = try await replay.events(4)
            #expect(
                frames.compactMap(\.eventType) == [
                    "stream_cursor", "metadata.changed", "metadata.changed", "stream_live",
                ])
            #expect(frames[1].data["metadata"]?["extensions"]?["app.reader"]?["progress"] == .double(0.5))
        }
    }
}
