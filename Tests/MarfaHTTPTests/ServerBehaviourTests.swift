import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization
import Testing

@testable import MarfaHTTP

@Suite struct ServerBehaviourTests {
    static func counting(_ server: MicroHTTPDServer) throws {
        try server.register(
            { _, body, _ in text(200, "\(try await body?.collect(upTo: 1 << 30).count ?? -1)") }, method: .post,
            path: "/upload")
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        try await withServer(.init(maxBodyBytes: 64 << 10), configure: Self.counting) { server in
            let (response, text) = try await TransportKind.platformDefault.make().fetch(
                .post, "/upload", from: server, body: HTTPBody([UInt8](repeating: 7, count: 64 << 10)))
            #expect(response.status == 200)
            #expect(text == "\(64 << 10)")
        }
    }

    @Test func oversizeBodyIs413() async throws {
        try await withServer(.init(maxBodyBytes: 64 << 10), configure: Self.counting) { server in
            let transport = TransportKind.platformDefault.make()
            let big = [UInt8](repeating: 7, count: 200 << 10)
            let (known, knownText) = try await transport.fetch(.post, "/upload", from: server, body: HTTPBody(big))
            #expect(known.status == 413)
            #expect(knownText == "The request body is larger than the limit of 65536 bytes.\n")

            let chunked = HTTPBody(
                byteChunks: Array(repeating: [UInt8](repeating: 1, count: 50 << 10), count: 4).async, length: .unknown)
            let (streamed, _) = try await transport.fetch(.post, "/upload", from: server, body: chunked)
            #expect(streamed.status == 413)

            let (expecting, _) = try await transport.fetch(
                .post, "/upload", from: server, headers: ["Expect": "100-continue"], body: HTTPBody(big))
            #expect(expecting.status == 413)

            let (after, afterText) = try await transport.fetch(.post, "/upload", from: server, body: HTTPBody("small"))
            #expect(after.status == 200)
            #expect(afterText == "5")
        }
    }

    @Test func portZeroPicksAFreePort() async throws {
        try await withServer(configure: { _ in }) { server in
            #expect(server.port > 0)
            #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test func startTwiceAndBadHostAreErrors() async throws {
        let server = MicroHTTPDServer()
        try server.start()
        #expect(throws: MicroHTTPDServer.StartError.alreadyStarted) { try server.start() }
        await server.shutdown()
        #expect(throws: MicroHTTPDServer.StartError.invalidHost("example.com")) {
            try MicroHTTPDServer(host: "example.com").start()
        }
    }

    @Test func shutdownEndsAnOpenStreamCleanly() async throws {
        let producerTerminated = Gate()
        let handlerSawStopping = Gate()
        let server = MicroHTTPDServer()
        try server.register(
            { _, _, _ in
                let feed = ChunkFeed()
                feed.continuation.onTermination = { _ in producerTerminated.open() }
                feed.send("data: hello\n\n")
                return (HTTPResponse(status: 200, headerFields: ["Content-Type": "text/event-stream"]), feed.body)
            }, method: .get, path: "/events")
        try server.start()
        let watcher = Task {
            await server.untilStopping()
            handlerSawStopping.open()
        }
        let transport = TransportKind.platformDefault.make(idleTimeout: .seconds(20))
        let (_, body) = try await transport.send(
            HTTPRequest(method: .get, path: "/events"), body: nil, baseURL: server.url, operationID: "events")
        var events = try #require(body).makeAsyncIterator()
        let first = try await events.next().map { String(decoding: $0, as: UTF8.self) }
        #expect(first == "data: hello\n\n")
        let took = await elapsed { await server.shutdown() }
        #expect(try await events.next() == nil)
        #expect(took < .seconds(4))
        await watcher.value
        #expect(handlerSawStopping.isOpen)
        #expect(server.isStopping)
        await producerTerminated.wait()
        let refused = await caught { _ = try await transport.fetch(.get, "/events", from: server) }
        guard case .noConnection? = refused as? HTTPClientError else {
            Issue.record("expected noConnection after shutdown, got \(String(describing: refused))")
            return
        }
    }

    @Test func shutdownCancelsARunningHandlerAndAnswers() async throws {
        // The grace period is long so a loaded machine still lets the cancelled handler answer.
        let server = MicroHTTPDServer(configuration: .init(shutdownGracePeriod: .seconds(15)))
        let started = Gate()
        try server.register(
            { _, _, _ in
                started.open()
                do {
                    try await Task.sleep(for: .seconds(30))
                    return text(200, "late")
                } catch {
                    return text(503, "stopping")
                }
            }, method: .get, path: "/slow")
        try server.start()
        let call = Task { try await TransportKind.platformDefault.make().fetch(.get, "/slow", from: server) }
        await started.wait()
        await server.shutdown()
        let (response, answer) = try await call.value
        #expect(response.status == 503)
        #expect(answer == "stopping")
    }
}
