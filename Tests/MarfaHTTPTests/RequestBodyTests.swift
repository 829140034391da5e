import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

/// Streamed request bodies: large ones, failing ones, slow ones.
@Suite struct RequestBodyTests {
    /// `PUT /count` answers the framing the body came with and how many bytes it had, and whether
    /// they followed the pattern of `PatternChunks`.
    static func counting(_ server: MicroHTTPDServer) throws {
        try server.register(
            { request, body, _ in
                let bytes = try await body?.collect(upTo: 8 << 20) ?? []
                let intact = stride(from: 0, to: bytes.count, by: 1 << 16).allSatisfy { start in
                    bytes[start..<min(start + (1 << 16), bytes.count)].elementsEqual(
                        PatternChunks.block.prefix(bytes.count - start))
                }
                let framing = request.headerFields["Transfer-Encoding"] ?? "length"
                return text(200, "\(framing) \(bytes.count) \(intact ? "intact" : "damaged")")
            }, method: .put, path: "/count")
    }

    @Test(arguments: TransportKind.allCases, [HTTPBody.Length.unknown, .known(4 << 20)])
    func largeStreamedBodyArrivesIntact(kind: TransportKind, length: HTTPBody.Length) async throws {
        try await withServer(.init(maxBodyBytes: 8 << 20), configure: Self.counting) { server in
            let body = HTTPBody(PatternChunks(count: 64), length: length)
            let (response, answer) = try await kind.make().fetch(.put, "/count", from: server, body: body)
            #expect(response.status == 200)
            #expect(answer.hasSuffix(" \(4 << 20) intact"))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func failingBodyFailsTheCallWithItsError(kind: TransportKind) async throws {
        struct ProducerFailed: Error {}
        try await withServer(configure: Self.counting) { server in
            let (chunks, feed) = AsyncThrowingStream.makeStream(of: ArraySlice<UInt8>.self)
            feed.yield(PatternChunks.block)
            feed.finish(throwing: ProducerFailed())
            let error = await caught {
                _ = try await kind.make().fetch(.put, "/count", from: server, body: HTTPBody(chunks, length: .unknown))
            }
            #expect(error is ProducerFailed)
        }
    }

    /// Time spent waiting for a slow body's producer is the caller's, not the server's silence.
    @Test(arguments: TransportKind.allCases)
    func slowBodyProducerDoesNotCountAsServerSilence(kind: TransportKind) async throws {
        try await withServer(configure: Self.counting) { server in
            let (chunks, feed) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            let producer = Task {
                feed.yield(PatternChunks.block)
                try await Task.sleep(for: .milliseconds(900))
                feed.yield(PatternChunks.block)
                feed.finish()
            }
            let transport = kind.make(idleTimeout: .milliseconds(300))
            let (response, answer) = try await transport.fetch(
                .put, "/count", from: server, body: HTTPBody(chunks, length: .unknown))
            try await producer.value
            #expect(response.status == 200)
            #expect(answer == "\(kind.unknownLengthFraming) \(2 << 16) intact")
        }
    }

    /// A call waiting for its body's producer holds up no other call of the same transport: the
    /// producer hands over one block, then holds the rest back until the other calls are done.
    @Test(arguments: TransportKind.allCases)
    func waitingUploadDoesNotHoldUpOtherCalls(kind: TransportKind) async throws {
        try await withServer(configure: { server in
            try Self.counting(server)
            try server.register({ _, _, _ in text(200, "quick") }, method: .get, path: "/quick")
        }) { server in
            let transport = kind.make(idleTimeout: .seconds(10))
            let producer = HeldBackChunks()
            let upload = Task {
                try await transport.fetch(.put, "/count", from: server, body: HTTPBody(producer, length: .unknown))
            }
            await producer.askedForMore.wait()
            for _ in 0..<3 {
                let (response, answer) = try await transport.fetch(.get, "/quick", from: server)
                #expect(response.status == 200)
                #expect(answer == "quick")
            }
            producer.release.open()
            let (response, answer) = try await upload.value
            #expect(response.status == 200)
            #expect(answer == "\(kind.unknownLengthFraming) \(2 << 16) intact")
        }
    }
}

/// Two blocks of `PatternChunks`; asked for the second, it opens `askedForMore` and waits for `release`.
struct HeldBackChunks: AsyncSequence, Sendable {
    let askedForMore = Gate()
    let release = Gate()

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: HeldBackChunks
        var handedOut = 0

        mutating func next() async throws -> ArraySlice<UInt8>? {
            defer { handedOut += 1 }
            switch handedOut {
            case 0: return PatternChunks.block
            case 1:
                chunks.askedForMore.open()
                await chunks.release.wait()
                return PatternChunks.block
            default: return nil
            }
        }
    }
}
