import Foundation
import MarfaHTTPServer
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

    @Test(arguments: TransportKind.allCases)
    func methodPathQueryHeadersAndBodyGoBothWays(kind: TransportKind) async throws {
        try await withServer(configure: Self.echo) { server in
            let transport = kind.make()
            let (response, text) = try await transport.fetch(
                .post, "/items/a%2Fb?q=x%20y&z=1", from: server, headers: ["X-Test": "hello there"],
                body: HTTPBody("payload"))
            #expect(response.status == 201)
            #expect(response.headerFields["X-Method"] == "POST")
            #expect(response.headerFields["X-Path"] == "/items/a%2Fb?q=x%20y&z=1")
            #expect(response.headerFields["X-Id"] == "a%2Fb")
            #expect(response.headerFields["X-Echo"] == "hello there")
            let cookies = response.headerFields.values(for: "set-cookie")
            #expect(cookies == (kind.keepsRepeatedFieldsApart ? ["a=1", "b=2"] : ["a=1, b=2"]))
            #expect(response.headerFields["Content-Length"] == "7")
            #expect(text == "payload")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func baseURLWithPathPrefixJoinsWithoutDoubleSlashes(kind: TransportKind) async throws {
        try await withServer(configure: { try Self.echo($0) }) { server in
            let transport = kind.make()
            let base = URL(string: "\(server.url.absoluteString)/items/")!
            let (response, body) = try await transport.send(
                HTTPRequest(method: .post, path: "/42"), body: nil, baseURL: base, operationID: "op")
            #expect(response.status == 201)
            #expect(response.headerFields["X-Path"] == "/items/42")
            #expect(response.headerFields["X-Has-Body"] == "yes")
            #expect(try await body?.collect(upTo: 10) == [])
        }
    }

    @Test(arguments: TransportKind.allCases)
    func noRouteIs404AndWrongMethodIs405WithAllow(kind: TransportKind) async throws {
        try await withServer(configure: Self.echo) { server in
            let transport = kind.make()
            let (missing, _) = try await transport.fetch(.get, "/nothing", from: server)
            #expect(missing.status == 404)
            let (wrong, _) = try await transport.fetch(.delete, "/items/1", from: server)
            #expect(wrong.status == 405)
            #expect(wrong.headerFields["Allow"] == "POST")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func fallbackAnswersEveryUnroutedPath(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            server.registerFallback { request, _, _ in text(200, "fallback \(request.method) \(request.path)") }
        }) { server in
            let (response, body) = try await kind.make().fetch(.put, "/any/where?x", from: server)
            #expect(response.status == 200)
            #expect(body == "fallback PUT /any/where?x")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func handlerErrorIs500(kind: TransportKind) async throws {
        struct Boom: Error {}
        try await withServer(configure: { server in
            try server.register({ _, _, _ in throw Boom() }, method: .get, path: "/boom")
        }) { server in
            let (response, body) = try await kind.make().fetch(.get, "/boom", from: server)
            #expect(response.status == 500)
            #expect(body == "Internal Server Error\n")
        }
    }

    /// FoundationNetworking treats a 401 with `WWW-Authenticate` as a request for credentials; the
    /// answer must still come back as it is.
    @Test(arguments: TransportKind.allCases)
    func unauthorizedWithAChallengeIsAnAnswer(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            server.registerFallback { _, _, _ in
                text(
                    401, "{\"error\":\"unauthorized\"}", ["WWW-Authenticate": "Bearer realm=\"marfa\"", "X-Marfa": "1"])
            }
        }) { server in
            let transport = kind.make()
            for _ in 0..<2 {
                let (response, body) = try await transport.fetch(
                    .get, "/items", from: server, headers: ["Authorization": "Bearer old"])
                #expect(response.status == 401)
                #expect(response.headerFields["WWW-Authenticate"] == "Bearer realm=\"marfa\"")
                #expect(response.headerFields["X-Marfa"] == "1")
                #expect(body == "{\"error\":\"unauthorized\"}")
            }
        }
    }

    @Test(arguments: TransportKind.allCases)
    func headRequestHasNoBody(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register({ _, _, _ in text(200, "twelve bytes") }, method: .get, path: "/thing")
        }) { server in
            let (response, body) = try await kind.make().send(
                HTTPRequest(method: .head, path: "/thing"), body: nil, baseURL: server.url, operationID: "head")
            #expect(response.status == 200)
            #expect(response.headerFields["Content-Length"] == "12")
            #expect(body == nil)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func hundredConcurrentRequests(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register(
                { _, _, metadata in text(200, "n=\(metadata.pathParameters["n"] ?? "")") }, method: .get,
                path: "/n/{n}")
        }) { server in
            let transport = kind.make()
            let answers = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let (response, body) = try await transport.fetch(.get, "/n/\(index)", from: server)
                        return (index, response.status.code, body)
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

    /// One transport's calls one after another (libcurl's easy handle goes from one to the next,
    /// set up anew after the first, which fails): nothing of a request, neither its method, its
    /// header fields nor its body, reaches the next.
    @Test(arguments: TransportKind.allCases)
    func nothingOfOneRequestCarriesOverToTheNext(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            server.registerFallback { request, body, _ in
                let bytes = try await body?.collect(upTo: 1 << 20) ?? []
                let seen = "\(request.method) \(request.headerFields["X-Test"] ?? "-") \(bytes.count)"
                return text(200, seen, ["X-Seen": seen])
            }
        }) { server in
            let transport = kind.make()
            let refused = await caught {
                _ = try await transport.send(
                    HTTPRequest(method: .get, path: "/"), body: nil, baseURL: URL(string: "http://127.0.0.1:1")!,
                    operationID: "refused")
            }
            #expect(refused is HTTPClientError)
            let calls: [(HTTPMethod, HTTPFields, String?, String)] = [
                (.post, ["X-Test": "a"], "payload", "POST a 7"), (.head, [:], nil, "HEAD - 0"),
                (.get, [:], nil, "GET - 0"), (.put, ["X-Test": "b"], "xy", "PUT b 2"),
                (.delete, [:], nil, "DELETE - 0"), (.get, [:], nil, "GET - 0"),
            ]
            for (method, fields, body, seen) in calls {
                let (response, answer) = try await transport.fetch(
                    method, "/seen", from: server, headers: fields, body: body.map { HTTPBody($0) })
                #expect(response.headerFields["X-Seen"] == seen)
                #expect(answer == (method == .head ? "" : seen))
            }
        }
    }

    #if canImport(CCurl)
    /// A body that arrived together with its head comes in memory, whole.
    @Test func bodyThatCameWithItsHeadIsHandedOverInMemory() async throws {
        try await withServer(configure: Self.echo) { server in
            let (response, body) = try await TransportKind.curl.make().send(
                HTTPRequest(method: .post, path: "/items/1"), body: HTTPBody("hello"), baseURL: server.url,
                operationID: "op")
            #expect(response.status == 201)
            #expect(body?.bytesInMemory == Array("hello".utf8))
        }
    }
    #endif

    @Test(arguments: TransportKind.allCases)
    func sequentialRequestsReuseOneConnection(kind: TransportKind) async throws {
        let connections = Counter()
        let server = try RawSocketServer { socket in
            connections.add()
            while RawSocketServer.readHead(socket) {
                RawSocketServer.write(socket, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            }
        }
        defer { server.stop() }
        let transport = kind.make()
        for _ in 0..<20 {
            let (response, body) = try await transport.send(
                HTTPRequest(method: .get, path: "/ok"), body: nil, baseURL: server.url, operationID: "ok")
            #expect(response.status == 200)
            #expect(try await body?.collect(upTo: 10) == Array("ok".utf8))
        }
        #expect(connections.count == 1)
        #expect(transport.transfersFinished == 20)
    }

    @Test(arguments: TransportKind.allCases, [HTTPBody.Length.unknown, .known(18)])
    func streamedRequestBodyArrivesWhole(kind: TransportKind, length: HTTPBody.Length) async throws {
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
            let (response, text) = try await kind.make().fetch(
                .put, "/upload", from: server, body: HTTPBody(chunks, length: length))
            try await producer.value
            #expect(response.status == 200)
            let framing = if case .known = length { "length" } else { kind.unknownLengthFraming }
            #expect(text == "\(framing) one-two-three-four")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func requestBodyLongerThanDeclaredIsRefused(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register({ _, _, _ in text(200, "ok") }, method: .put, path: "/upload")
        }) { server in
            let body = HTTPBody(byteChunks: [[UInt8](repeating: 1, count: 10)].async, length: .known(4))
            let error = await caught { _ = try await kind.make().fetch(.put, "/upload", from: server, body: body) }
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
