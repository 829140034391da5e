import Foundation
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

@Suite struct RoundTripTests {
    /// An echo route: method, raw path, path parameter, one header and the body come back.
    static func echo(_ server: MicroHTTPDServer) throws {
        try server.register(
            { request, body, metadata in
                let bytes = try await body?.collect(upTo: 1 << 20) ?? []
                var fields: HTTPFields = [
                    "X-Method": request.method.rawValue, "X-Path": request.path,
                    "X-Id": String(metadata.pathParameters["id"] ?? ""),
                    "X-Echo": request.headerFields["X-Test"] ?? "",
                    "X-Has-Body": body == nil ? "no" : "yes",
                ]
                fields.append(name: "Set-Cookie", value: "a=1")
                fields.append(name: "Set-Cookie", value: "b=2")
                return (HTTPResponse(status: 201, headerFields: fields), HTTPBody(bytes))
            }, method: .post, path: "/items/{id}")
    }

    @Test func methodPathQueryHeadersAndBodyGoBothWays() async throws {
        try await withServer(configure: Self.echo) { server in
            let transport = CurlTransport()
            let (response, text) = try await transport.fetch(
                .post, "/items/a%2Fb?q=x%20y&z=1", from: server, headers: ["X-Test": "hello there"],
                body: HTTPBody("payload"))
            #expect(response.status == 201)
            #expect(response.headerFields["X-Method"] == "POST")
            #expect(response.headerFields["X-Path"] == "/items/a%2Fb?q=x%20y&z=1")
            #expect(response.headerFields["X-Id"] == "a%2Fb")
            #expect(response.headerFields["X-Echo"] == "hello there")
            #expect(response.headerFields.values(for: "set-cookie") == ["a=1", "b=2"])
            #expect(response.headerFields["Content-Length"] == "7")
            #expect(text == "payload")
        }
    }

    @Test func baseURLWithPathPrefixJoinsWithoutDoubleSlashes() async throws {
        try await withServer(configure: { try Self.echo($0) }) { server in
            let transport = CurlTransport()
            let base = URL(string: "\(server.url.absoluteString)/items/")!
            let (response, body) = try await transport.send(
                HTTPRequest(method: .post, path: "/42"), body: nil, baseURL: base, operationID: "op")
            #expect(response.status == 201)
            #expect(response.headerFields["X-Path"] == "/items/42")
            #expect(response.headerFields["X-Has-Body"] == "yes")
            #expect(try await body?.collect(upTo: 10) == [])
        }
    }

    @Test func noRouteIs404AndWrongMethodIs405WithAllow() async throws {
        try await withServer(configure: Self.echo) { server in
            let transport = CurlTransport()
            let (missing, _) = try await transport.fetch(.get, "/nothing", from: server)
            #expect(missing.status == 404)
            let (wrong, _) = try await transport.fetch(.delete, "/items/1", from: server)
            #expect(wrong.status == 405)
            #expect(wrong.headerFields["Allow"] == "POST")
        }
    }

    @Test func fallbackAnswersEveryUnroutedPath() async throws {
        try await withServer(configure: { server in
            server.registerFallback { request, _, _ in text(200, "fallback \(request.method) \(request.path)") }
        }) { server in
            let (response, body) = try await CurlTransport().fetch(.put, "/any/where?x", from: server)
            #expect(response.status == 200)
            #expect(body == "fallback PUT /any/where?x")
        }
    }

    @Test func handlerErrorIs500() async throws {
        struct Boom: Error {}
        try await withServer(configure: { server in
            try server.register({ _, _, _ in throw Boom() }, method: .get, path: "/boom")
        }) { server in
            let (response, body) = try await CurlTransport().fetch(.get, "/boom", from: server)
            #expect(response.status == 500)
            #expect(body == "Internal Server Error\n")
        }
    }

    @Test func headRequestHasNoBody() async throws {
        try await withServer(configure: { server in
            try server.register({ _, _, _ in text(200, "twelve bytes") }, method: .get, path: "/thing")
        }) { server in
            let (response, body) = try await CurlTransport().send(
                HTTPRequest(method: .head, path: "/thing"), body: nil, baseURL: server.url, operationID: "head")
            #expect(response.status == 200)
            #expect(response.headerFields["Content-Length"] == "12")
            #expect(body == nil)
        }
    }

    @Test func hundredConcurrentRequests() async throws {
        try await withServer(configure: { server in
            try server.register(
                { _, _, metadata in text(200, "n=\(metadata.pathParameters["n"] ?? "")") }, method: .get,
                path: "/n/{n}")
        }) { server in
            let transport = CurlTransport()
            let answers = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let (response, body) = try await transport.fetch(.get, "/n/\(index)", from: server)
                        return (index, response.status, body)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 100)
            for (index, status, body) in answers {
                #expect(status == 200)
                #expect(body == "n=\(index)")
            }
        }
    }

    @Test func sequentialRequestsReuseOneConnection() async throws {
        try await withServer(configure: { server in
            try server.register({ _, _, _ in text(200, "ok") }, method: .get, path: "/ok")
        }) { server in
            let transport = CurlTransport()
            for _ in 0..<20 {
                let (response, _) = try await transport.fetch(.get, "/ok", from: server)
                #expect(response.status == 200)
            }
            #expect(transport.statistics.connectionsOpened == 1)
            #expect(transport.statistics.transfersFinished == 20)
        }
    }

    @Test(arguments: [HTTPBody.Length.unknown, .known(18)])
    func streamedRequestBodyArrivesWhole(length: HTTPBody.Length) async throws {
        try await withServer(configure: { server in
            try server.register(
                { request, body, _ in
                    let bytes = try await body?.collect(upTo: 1 << 20) ?? []
                    let framing = request.headerFields["Transfer-Encoding"] ?? "length"
                    return text(200, "\(framing) \(String(decoding: bytes, as: UTF8.self))")
                }, method: .put, path: "/upload")
        }) { server in
            let (chunks, feed) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            let producer = Task {
                for part in ["one", "-two", "-three", "-four"] {
                    try await Task.sleep(for: .milliseconds(20))
                    feed.yield(ArraySlice(part.utf8))
                }
                feed.finish()
            }
            let (response, text) = try await CurlTransport().fetch(
                .put, "/upload", from: server, body: HTTPBody(chunks, length: length))
            try await producer.value
            #expect(response.status == 200)
            let framing = if case .known = length { "length" } else { "chunked" }
            #expect(text == "\(framing) one-two-three-four")
        }
    }

    @Test func requestBodyLongerThanDeclaredIsRefused() async throws {
        try await withServer(configure: { server in
            try server.register({ _, _, _ in text(200, "ok") }, method: .put, path: "/upload")
        }) { server in
            let body = HTTPBody(byteChunks: [[UInt8](repeating: 1, count: 10)].async, length: .known(4))
            let error = await caught { _ = try await CurlTransport().fetch(.put, "/upload", from: server, body: body) }
            guard case .invalidRequest? = error as? HTTPClientError else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
        }
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
