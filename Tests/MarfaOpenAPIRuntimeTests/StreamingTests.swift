import Foundation
import MarfaOpenAPIRuntime
import Testing

@Suite struct StreamingTests {
    /// A body that arrives in the given chunks, split at awkward places.
    func body(_ chunks: [String]) -> HTTPBody {
        let (stream, continuation) = AsyncStream<ArraySlice<UInt8>>.makeStream()
        for chunk in chunks { continuation.yield(ArraySlice(chunk.utf8)) }
        continuation.finish()
        return HTTPBody(stream, length: .unknown)
    }

    @Test func serverSentEventsAcrossChunkBoundaries() async throws {
        let input = body([
            ": ping\r\n\r\nid: 1\r\nevent: item.cre", "ated\r\ndata: {\"a\":", "1}\r\n\r\n",
            "data: line one\ndata: line two\n\nid: 3\n",
        ])
        var events: [ServerSentEvent] = []
        for try await event in input.asServerSentEvents() { events.append(event) }
        #expect(
            events == [
                ServerSentEvent(id: "1", event: "item.created", data: #"{"a":1}"#),
                ServerSentEvent(data: "line one\nline two"),
                ServerSentEvent(id: "3"),
            ])
    }

    @Test func serverSentEventsWithJSONData() async throws {
        struct Frame: Decodable, Sendable, Equatable { var cursor: String }
        var frames: [Frame?] = []
        for try await (_, data) in body(["data: {\"cursor\":\"7\"}\n\n", "event: x\n\n"])
            .asDecodedServerSentEventsWithJSONData(of: Frame.self)
        {
            frames.append(data)
        }
        #expect(frames == [Frame(cursor: "7"), nil])
    }

    @Test func eventsWrittenReadBack() async throws {
        let events = [ServerSentEvent(id: "1", event: "e", data: "a\nb", retry: 100), ServerSentEvent(data: "")]
        let stream = AsyncStream<ServerSentEvent> { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish()
        }
        var read: [ServerSentEvent] = []
        for try await event in HTTPBody(serverSentEvents: stream).asServerSentEvents() { read.append(event) }
        #expect(read == events)
    }

    @Test func jsonLines() async throws {
        var values: [Int] = []
        for try await value in body(["1\n2", "\n\n3"]).asDecodedJSONLines(of: Int.self) { values.append(value) }
        #expect(values == [1, 2, 3])
    }

    @Test func aStreamedBodyReadsOnce() async throws {
        let once = body(["x"])
        #expect(try await once.collect(upTo: 10) == Array("x".utf8))
        await #expect(throws: HTTPBody.SecondIterationError.self) { try await once.collect(upTo: 10) }
        await #expect(throws: HTTPBody.TooManyBytesError.self) { try await body(["12345"]).collect(upTo: 4) }
    }

    @Test func multipartRoundTrip() throws {
        let original = MultipartBody(parts: [
            .init(name: "title", body: Array("Dune".utf8)),
            .init(
                name: "cover", filename: "cover \"1\".png", contentType: "image/png", body: [0, 13, 10, 45, 45, 255]),
        ])
        let bytes = try #require(original.encoded().bytesInMemory)
        let parsed = try MultipartBody(
            parsing: bytes, contentType: "multipart/form-data; boundary=\(original.boundary)")
        #expect(parsed.parts.map(\.name) == ["title", "cover"])
        #expect(parsed.parts[1].filename == "cover \"1\".png")
        #expect(parsed.parts[1].body == [0, 13, 10, 45, 45, 255])
        #expect(throws: MultipartBody.FormatError.self) {
            try MultipartBody(parsing: Array("junk".utf8), contentType: "multipart/form-data; boundary=x")
        }
    }

    @Test func routerPrefersLiteralsAndReportsMethods() throws {
        let router = PathRouter<String>()
        try router.register("item", method: .get, template: "/items/{id}")
        try router.register("bulk", method: .post, template: "/items/bulk")
        try router.register("edges", method: .get, template: "/items/{id}/edges")
        guard case .found(let route, let parameters) = router.match(method: .get, path: "/items/42/edges") else {
            Issue.record("no match")
            return
        }
        #expect(route == "edges" && parameters["id"] == "42")
        guard case .found("bulk", _) = router.match(method: .post, path: "/items/bulk") else {
            Issue.record("bulk")
            return
        }
        guard case .methodNotAllowed(let allowed) = router.match(method: .delete, path: "/items/9") else {
            Issue.record("405")
            return
        }
        #expect(allowed == [.get])
        guard case .notFound = router.match(method: .get, path: "/nope") else {
            Issue.record("404")
            return
        }
        #expect(throws: PathRouter<String>.ConflictError.self) {
            try router.register("x", method: .get, template: "/items/{other}")
        }
    }
}
