import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

@Suite struct TimeLimitTests {
    /// `/slow/{ms}` answers after that many milliseconds; `/stall` sends one chunk and then nothing;
    /// `/drip` sends a chunk every 50 ms until the server stops.
    static func routes(_ server: MicroHTTPDServer) throws {
        try server.register(
            { _, _, metadata in
                let delay = Int(metadata.pathParameters["ms"] ?? "0") ?? 0
                try await Task.sleep(for: .milliseconds(delay))
                return text(200, "late")
            }, method: .get, path: "/slow/{ms}")
        try server.register(
            { _, _, _ in
                let feed = ChunkFeed()
                feed.send("first")
                return (HTTPResponse(status: 200), feed.body)
            }, method: .get, path: "/stall")
        try server.register(
            { _, _, _ in
                let feed = ChunkFeed()
                let task = Task {
                    while !Task.isCancelled {
                        feed.send("drop ")
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
                feed.continuation.onTermination = { _ in task.cancel() }
                return (HTTPResponse(status: 200), feed.body)
            }, method: .get, path: "/drip")
    }

    @Test(arguments: TransportKind.allCases)
    func slowFirstByteWithinTheIdleLimitIsFine(kind: TransportKind) async throws {
        try await withServer(configure: Self.routes) { server in
            let transport = kind.make(idleTimeout: .seconds(3))
            let (response, body) = try await transport.fetch(.get, "/slow/300", from: server)
            #expect(response.status == 200)
            #expect(body == "late")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func slowFirstBytePastTheIdleLimitTimesOut(kind: TransportKind) async throws {
        try await withServer(configure: Self.routes) { server in
            let transport = kind.make(idleTimeout: .milliseconds(300))
            let error = await caught { _ = try await transport.fetch(.get, "/slow/3000", from: server) }
            #expect(
                error as? HTTPClientError == .network(reason: .timedOut(.idle(.milliseconds(300))), requestSent: true))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func taskLocalLimitsReplaceTheConfiguration(kind: TransportKind) async throws {
        try await withServer(configure: Self.routes) { server in
            let transport = kind.make(idleTimeout: .milliseconds(100))
            let (response, _) = try await TransportLimits.$current.withValue(.init(idleTimeout: .seconds(3))) {
                try await transport.fetch(.get, "/slow/300", from: server)
            }
            #expect(response.status == 200)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func stallMidStreamHitsTheIdleLimit(kind: TransportKind) async throws {
        try await withServer(configure: Self.routes) { server in
            let transport = kind.make(idleTimeout: .milliseconds(300))
            let (response, body) = try await transport.send(
                HTTPRequest(method: .get, path: "/stall"), body: nil, baseURL: server.url, operationID: "stall")
            #expect(response.status == 200)
            var chunks = try #require(body).makeAsyncIterator()
            let first = try await chunks.next()
            #expect(first.map { String(decoding: $0, as: UTF8.self) } == "first")
            let error = await caught { _ = try await chunks.next() }
            #expect(
                error as? HTTPClientError == .network(reason: .timedOut(.idle(.milliseconds(300))), requestSent: true))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func wholeCallDeadlineIsHonoured(kind: TransportKind) async throws {
        try await withServer(configure: Self.routes) { server in
            let transport = kind.make(deadline: .milliseconds(500), idleTimeout: .seconds(5))
            var received = 0
            var error: (any Error)?
            let took = await elapsed {
                error = await caught {
                    let (_, body) = try await transport.send(
                        HTTPRequest(method: .get, path: "/drip"), body: nil, baseURL: server.url, operationID: "drip")
                    for try await chunk in try #require(body) { received += chunk.count }
                }
            }
            #expect(
                error as? HTTPClientError
                    == .network(reason: .timedOut(.deadline(.milliseconds(500))), requestSent: true))
            #expect(received > 0)
            #expect(took < .seconds(4))
        }
    }
}
