#if canImport(CCurl)
import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

/// Holds every request until `count` have arrived, so they are all in flight at once.
private actor ArrivalGate {
    let count: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arrive() async {
        arrived += 1
        if arrived >= count {
            for continuation in waiting { continuation.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

@Suite("CurlTransport: its event loops")
struct CurlLoopTests {
    @Test("requests one after another keep to the first loop and one connection")
    func sequentialRequestsKeepToOneLoop() async throws {
        try await withServer(configure: { try $0.register({ _, _, _ in text(200, "hi") }, method: .get, path: "/a") }) {
            server in
            let transport = CurlTransport()
            for _ in 0..<20 {
                let (response, answer) = try await transport.fetch(.get, "/a", from: server)
                #expect(response.status == 200 && answer == "hi")
            }
            #expect(transport.engine.loops[0].statistics.transfersFinished == 20)
            #expect(transport.statistics.connectionsOpened == 1)
        }
    }

    @Test("16 requests in flight at once are shared evenly by the loops, one per core up to two")
    func concurrentRequestsShareTheLoops() async throws {
        let gate = ArrivalGate(count: 16)
        try await withServer(
            configure: {
                try $0.register(
                    { _, _, _ in
                        await gate.arrive()
                        return text(200, "hi")
                    }, method: .get, path: "/held")
            }
        ) { server in
            let transport = CurlTransport()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { _ = try await transport.fetch(.get, "/held", from: server) }
                }
                try await group.waitForAll()
            }
            let loops = transport.engine.loops
            #expect(loops.count == min(2, ProcessInfo.processInfo.activeProcessorCount))
            #expect(loops.map(\.statistics.transfersFinished) == Array(repeating: 16 / loops.count, count: loops.count))
            #expect(loops.allSatisfy { $0.inFlight.load(ordering: .relaxed) == 0 })
        }
    }
}
#endif
