import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization
import Testing

@testable import MarfaHTTP

/// `count` copies of one 64 KiB block whose byte `k` is `k % 251`, without allocating per chunk.
struct PatternChunks: AsyncSequence, Sendable {
    static let block: ArraySlice<UInt8> = ArraySlice((0..<65536).map { UInt8($0 % 251) })
    let count: Int

    func makeAsyncIterator() -> Iterator { Iterator(left: count) }

    struct Iterator: AsyncIteratorProtocol {
        var left: Int
        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard left > 0 else { return nil }
            left -= 1
            return PatternChunks.block
        }
    }
}

@Suite struct StreamingTests {
    /// Serves `blocks` blocks of `PatternChunks` at `GET /big`, their length known.
    static func servePattern(_ blocks: Int, on server: MicroHTTPDServer) throws {
        try server.register(
            { _, _, _ in
                (HTTPResponse(status: 200), HTTPBody(PatternChunks(count: blocks), length: .known(Int64(blocks) << 16)))
            }, method: .get, path: "/big")
    }

    @Test(arguments: TransportKind.allCases)
    func largeDownloadStaysWithinTheBufferBound(kind: TransportKind) async throws {
        let blocks = 1024  // 64 MiB
        try await withServer(configure: { try Self.servePattern(blocks, on: $0) }) { server in
            let bound = 256 << 10
            let transport = kind.make(responseBufferBytes: bound)
            let (response, maybeBody) = try await transport.send(
                HTTPRequest(method: .get, path: "/big"), body: nil, baseURL: server.url, operationID: "big")
            #expect(response.status == 200)
            let body = try #require(maybeBody)
            #expect(body.length == .known(Int64(blocks) << 16))
            var total = 0
            var chunks = 0
            var wrong = 0
            for try await chunk in body {
                if chunks == 0 { try await Task.sleep(for: .milliseconds(100)) }  // let the buffer fill up
                if let first = chunk.first, first != UInt8((total % 65536) % 251) { wrong += 1 }
                total += chunk.count
                chunks += 1
            }
            #expect(total == blocks << 16)
            #expect(wrong == 0)
            #expect(chunks > (kind == .urlSession ? 64 : 1000))  // pieces as they came, not one block
            #expect(transport.receivePauses > 0)
            if kind.pausesForTheReader {
                #expect(transport.maxBufferedResponseBytes <= bound)
            }
        }
    }

    /// Every byte of a download arrives as sent, whether the reader lets each chunk go at once (so
    /// the transport may fill its array again) or keeps some of them for a while.
    @Test(arguments: TransportKind.allCases, [false, true])
    func downloadArrivesIntactWhileTheReaderKeepsChunks(kind: TransportKind, keeps: Bool) async throws {
        let blocks = 64  // 4 MiB
        try await withServer(configure: { try Self.servePattern(blocks, on: $0) }) { server in
            let (_, maybeBody) = try await kind.make(responseBufferBytes: 256 << 10).send(
                HTTPRequest(method: .get, path: "/big"), body: nil, baseURL: server.url, operationID: "big")
            var kept: [(offset: Int, chunk: ArraySlice<UInt8>)] = []
            var total = 0
            var wrong = 0
            for try await chunk in try #require(maybeBody) {
                wrong += Self.mismatches(chunk, at: total)
                if keeps && kept.count < 32 { kept.append((total, chunk)) }
                total += chunk.count
            }
            #expect(total == blocks << 16)
            #expect(wrong == 0)
            #expect(kept.reduce(0) { $0 + Self.mismatches($1.chunk, at: $1.offset) } == 0)
        }
    }

    /// How many stretches of `chunk`, found at `offset` in a `PatternChunks` body, differ from the pattern.
    static func mismatches(_ chunk: ArraySlice<UInt8>, at offset: Int) -> Int {
        var wrong = 0
        var index = chunk.startIndex
        var position = offset
        while index < chunk.endIndex {
            let inBlock = position % 65536
            let length = min(65536 - inBlock, chunk.endIndex - index)
            let same = chunk[index..<index + length].withUnsafeBytes { got in
                PatternChunks.block[inBlock..<inBlock + length].withUnsafeBytes { want in
                    memcmp(got.baseAddress!, want.baseAddress!, length) == 0
                }
            }
            if !same { wrong += 1 }
            index += length
            position += length
        }
        return wrong
    }

    @Test(arguments: TransportKind.allCases)
    func serverSentEventsArriveOneByOne(kind: TransportKind) async throws {
        let clientSawFirst = Gate()
        let secondSent = Gate()
        try await withServer(configure: { server in
            try server.register(
                { _, _, _ in
                    let feed = ChunkFeed()
                    Task {
                        feed.send("data: one\n\n")
                        await clientSawFirst.wait()
                        secondSent.open()
                        feed.send("data: two\n\n")
                        feed.finish()
                    }
                    return (HTTPResponse(status: 200, headerFields: ["Content-Type": "text/event-stream"]), feed.body)
                }, method: .get, path: "/events")
        }) { server in
            let transport = kind.make(idleTimeout: .seconds(5))
            let (response, body) = try await transport.send(
                HTTPRequest(method: .get, path: "/events", headerFields: ["Accept": "text/event-stream"]), body: nil,
                baseURL: server.url, operationID: "events")
            #expect(response.headerFields["Content-Type"] == "text/event-stream")
            var events = try #require(body).makeAsyncIterator()
            let first = try await events.next().map { String(decoding: $0, as: UTF8.self) }
            #expect(first == "data: one\n\n")
            #expect(!secondSent.isOpen)
            clientSawFirst.open()
            var rest = ""
            while let chunk = try await events.next() { rest += String(decoding: chunk, as: UTF8.self) }
            #expect(rest == "data: two\n\n")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheReadingTaskAbortsPromptly(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register(
                { _, _, _ in
                    let feed = ChunkFeed()
                    feed.send("first")
                    return (HTTPResponse(status: 200), feed.body)
                }, method: .get, path: "/stall")
        }) { server in
            let transport = kind.make(idleTimeout: .seconds(20))
            let gotFirst = Gate()
            let reader = Task {
                let (_, body) = try await transport.send(
                    HTTPRequest(method: .get, path: "/stall"), body: nil, baseURL: server.url, operationID: "stall")
                for try await _ in try #require(body) { gotFirst.open() }
            }
            await gotFirst.wait()
            var error: (any Error)?
            let took = await elapsed {
                reader.cancel()
                error = await caught { try await reader.value }
            }
            #expect(error is CancellationError)
            #expect(took < .seconds(5))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingWhileWaitingForTheHeadAbortsPromptly(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register(
                { _, _, _ in
                    try await Task.sleep(for: .seconds(30))
                    return text(200, "never")
                }, method: .get, path: "/never")
        }) { server in
            let transport = kind.make(idleTimeout: .seconds(20))
            let call = Task {
                try await transport.send(
                    HTTPRequest(method: .get, path: "/never"), body: nil, baseURL: server.url, operationID: "never")
            }
            try await Task.sleep(for: .milliseconds(100))
            var error: (any Error)?
            let took = await elapsed {
                call.cancel()
                error = await caught { _ = try await call.value }
            }
            #expect(error is CancellationError)
            #expect(took < .seconds(5))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func droppingAnUnreadBodyEndsTheTransfer(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try server.register(
                { _, _, _ in (HTTPResponse(status: 200), HTTPBody(PatternChunks(count: 1024), length: .unknown)) },
                method: .get, path: "/big")
        }) { server in
            let transport = kind.make(responseBufferBytes: 64 << 10)
            do {
                let (response, _) = try await transport.send(
                    HTTPRequest(method: .get, path: "/big"), body: nil, baseURL: server.url, operationID: "big")
                #expect(response.status == 200)
            }
            let end = ContinuousClock.now + .seconds(5)
            while transport.transfersFinished == 0 && ContinuousClock.now < end {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(transport.transfersFinished == 1)
        }
    }
}
