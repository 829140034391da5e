import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

/// Stats, search, occurrences, purge and blobs.
@Suite struct ItemDataTests {
    @Test func countsByStateAndType() async throws {
        try await LocalTestInstance.with { local in
            let first = try await EventStreamTests.note(local, "a")
            try await EventStreamTests.note(local, "b")
            try await EventStreamTests.note(local, "t", type: "core.task")
            _ = try await local.send(.delete, "/items/\(first)")
            let byState = try await local.send(.get, "/items/stats")
            #expect(byState.json == ["active": 2, "trashed": 1])
            let byType = try await local.send(.get, "/items/stats?by=type")
            #expect(byType.json == ["core.note": 1, "core.task": 1])
        }
    }

    @Test func searchesStringPropertiesAndTags() async throws {
        try await LocalTestInstance.with { local in
            let titled = try await local.send(
                .post, "/items",
                json: #"{"type":"core.note","properties":{"title":"Swift concurrency","body":"actors"}}"#)
            let bodied = try await local.send(
                .post, "/items",
                json: #"{"type":"core.note","properties":{"title":"Notes","body":"About Swift and swift things"}}"#)
            let tagged = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"Plan"},"tags":["swift"]}"#)
            let binned = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"swift bin"}}"#)
            _ = try await local.send(.delete, "/items/\(binned.json["item"]?["id"]?.string ?? "")")

            let all = try await local.send(.get, "/search?q=swift")
            #expect(all.status == 200)
            let ids = all.json["results"]?.array?.compactMap { $0["item"]?["id"]?.string }
            #expect(ids == [titled, bodied, tagged].compactMap { $0.json["item"]?["id"]?.string })
            let scores = all.json["results"]?.array?.compactMap { $0["relevance_score"]?.double } ?? []
            #expect(scores.count == 3 && scores.allSatisfy { $0 > 0 } && scores == scores.sorted(by: >), "\(scores)")

            let both = try await local.send(.get, "/search?q=SWIFT%20actors")
            #expect(both.json["results"]?.array?.count == 1)
            let tasks = try await local.send(.get, "/search?q=swift&type=core.task")
            #expect(tasks.json["results"]?.array?.count == 1)
            let paged = try await local.send(.get, "/search?q=swift&limit=1&offset=1")
            #expect(paged.json["results"]?.array?.first?["item"]?["id"] == bodied.json["item"]?["id"])
            let keyName = try await local.send(.get, "/search?q=title")
            #expect(keyName.json["results"]?.array?.isEmpty == true)
            #expect(try await local.send(.get, "/search?q=a&filter=x").status == 400)
        }
    }

    @Test func listsOccurrencesInAWindow() async throws {
        try await LocalTestInstance.with { local in
            for (title, start) in [
                ("late", "2026-03-20T10:00:00Z"), ("early", "2026-03-02T09:00:00Z"),
                ("outside", "2026-04-02T09:00:00Z"),
            ] {
                let answer = try await local.send(
                    .post, "/items",
                    json: #"{"type":"core.event","properties":{"title":"\#(title)","starts_at":"\#(start)"}}"#)
                #expect(answer.status == 201)
            }
            let march = try await local.send(.get, "/occurrences?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z")
            #expect(march.status == 200)
            let titles = march.json["data"]?.array?.compactMap { $0["item"]?["properties"]?["title"]?.string }
            #expect(titles == ["early", "late"])
            #expect(march.json["data"]?.array?.first?["starts_at"]?.string == "2026-03-02T09:00:00Z")
            #expect(march.json["scan"]?["occurrences"]?.int == 2)
            #expect(march.json["window"]?["from"]?.string == "2026-03-01T00:00:00Z")
            let tooLong = try await local.send(.get, "/occurrences?from=2026-01-01T00:00:00Z&to=2028-01-01T00:00:00Z")
            #expect(tooLong.status == 400)
            let backwards = try await local.send(.get, "/occurrences?from=2026-04-01T00:00:00Z&to=2026-03-01T00:00:00Z")
            #expect(backwards.status == 400)
        }
    }

    @Test func purgesOnlyFromTheBinWithEdgesFirst() async throws {
        try await LocalTestInstance.with { local in
            let doomed = try await EventStreamTests.note(local, "doomed")
            let other = try await EventStreamTests.note(local, "other")
            let edge = try await EdgeTests.edge(local, "references", other, doomed)
            #expect(edge.status == 201)
            _ = try await local.send(.put, "/items/\(doomed)/extensions/app.x", json: #"{"a":1}"#)

            let active = try await local.send(.delete, "/items/\(doomed)/purge")
            #expect(active.errorCode == "invalid_transition")
            let member = try await local.send(
                .post, "/keys",
                json: #"{"label":"Writer","source":"writer","permissions":[],"type_permissions":{"core.*":"write"}}"#)
            let memberKey = try #require(member.json["key"]?.string)
            _ = try await local.send(.delete, "/items/\(doomed)")
            let refused = try await local.send(.delete, "/items/\(doomed)/purge", key: memberKey)
            #expect(refused.status == 403)

            let stream = try await EventStreamReader.open(local)
            #expect(try await stream.events(2).count == 2)
            let purged = try await local.send(.delete, "/items/\(doomed)/purge")
            #expect(purged.status == 200)
            let frames = try await stream.events(2)
            #expect(frames.map(\.eventType) == ["edge.deleted", "item.purged"])
            #expect(frames[0].data["purged_with"]?.string == doomed)
            #expect(Int(frames[0].id ?? "") ?? 0 < Int(frames[1].id ?? "") ?? 0)

            #expect(try await local.send(.get, "/items/\(doomed)").status == 404)
            #expect(try await local.send(.get, "/items/\(other)/edges").json["data"]?.array?.isEmpty == true)
            #expect(
                try await local.send(.get, "/items?type=core.note&state=trashed").json["data"]?.array?.isEmpty == true)
            #expect(try await local.send(.delete, "/items/\(doomed)/purge").status == 404)
        }
    }

    @Test func storesBlobsByContent() async throws {
        try await LocalTestInstance.with { local in
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
            var fields = HTTPFields()
            fields["Authorization"] = "Bearer \(local.key)"
            fields["Content-Type"] = "application/octet-stream"
            func upload(_ bytes: [UInt8]) async throws -> RawAnswer {
                let (response, body) = try await local.transport.send(
                    HTTPRequest(method: .post, path: "/blobs", headerFields: fields), body: HTTPBody(bytes),
                    baseURL: local.url,
                    operationID: "uploadBlob")
                return RawAnswer(
                    status: response.status.code, headers: response.headerFields,
                    bytes: try await body?.collect(upTo: 1 << 20) ?? [])
            }
            let stored = try await upload(png)
            #expect(stored.status == 201)
            let hash = try #require(stored.json["hash"]?.string)
            #expect(hash.hasPrefix("sha256:") && hash.count == 71)
            #expect(stored.json["mime_type"]?.string == "image/png")
            #expect(stored.json["size"]?.int == 108)
            #expect(try await upload(png).json["hash"]?.string == hash)
            let files = try FileManager.default.contentsOfDirectory(
                atPath: local.folder.appendingPathComponent("blobs").path)
            #expect(files == [String(hash.dropFirst(7))])

            let downloaded = try await local.send(.get, "/blobs/\(hash)")
            #expect(downloaded.status == 200)
            #expect(downloaded.bytes == png)
            let missing = try await local.send(.get, "/blobs/sha256:" + String(repeating: "0", count: 64))
            #expect(missing.errorCode == "blob_not_found")
            #expect(try await local.send(.get, "/blobs/md5:abc").status == 400)
            #expect(try await local.send(.get, "/blobs/\(hash)/url").errorCode == "presigned_urls_unavailable")
        }
    }
}
