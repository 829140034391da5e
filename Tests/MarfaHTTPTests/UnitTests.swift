import Foundation
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaHTTP

@Suite struct RequestTargetTests {
    @Test(arguments: [
        ("http://h:8080", "/a?b=1", "http://h:8080/a?b=1"),
        ("http://h:8080/", "/a", "http://h:8080/a"),
        ("http://h/api", "/a", "http://h/api/a"),
        ("http://h/api/", "/a", "http://h/api/a"),
        ("http://h/api//", "/a/", "http://h/api/a/"),
        ("https://h/api", "", "https://h/api/"),
        ("http://h/api?x=1#f", "/a", "http://h/api/a"),
        ("http://h", "?q", "http://h?q"),
    ])
    func joins(base: String, path: String, url: String) throws {
        #expect(try RequestTarget(baseURL: URL(string: base)!, path: path).url == url)
    }

    @Test func originHidesUserAndPath() throws {
        let target = try RequestTarget(baseURL: URL(string: "https://user:pw@Example.com:8443/p?k=v")!, path: "/x")
        #expect(target.origin == "https://Example.com:8443")
    }

    @Test func unencodedPathIsRefused() {
        #expect(throws: HTTPClientError.self) { try RequestTarget(baseURL: URL(string: "http://h")!, path: "/a b") }
    }
}

@Suite struct ResponseHeadParserTests {
    func parse(_ lines: [String]) -> [ResponseHeadParser.Step] {
        var parser = ResponseHeadParser()
        return lines.map { line in
            Array(line.utf8).withUnsafeBytes { parser.consume($0) }
        }
    }

    @Test func interimHeadIsSkipped() {
        let steps = parse([
            "HTTP/1.1 100 Continue\r\n", "\r\n", "HTTP/1.1 201 Created\r\n", "Location: /x\r\n",
            "X-Long: a\r\n", " b\r\n", "X-Empty:\r\n", "\r\n",
        ])
        let fields: HTTPFields = ["Location": "/x", "X-Long": "a b", "X-Empty": ""]
        #expect(steps.last == .complete(status: 201, fields: fields))
    }

    @Test func http2StatusLine() {
        #expect(parse(["HTTP/2 204\r\n", "\r\n"]).last == .complete(status: 204, fields: [:]))
    }

    @Test func garbageIsMalformed() {
        guard case .malformed = parse(["HTTP/1.1 abc\r\n"]).last else {
            Issue.record("expected malformed")
            return
        }
        guard case .malformed = parse(["no status line\r\n"]).last else {
            Issue.record("expected malformed")
            return
        }
    }
}

@Suite struct ErrorTextTests {
    @Test func descriptionsNameWhatHappened() {
        #expect(
            HTTPClientError.network(reason: .timedOut(.idle(.seconds(2))), requestSent: true).description
                == "No complete answer arrived (the request was sent): the idle limit of 2.0 seconds ran out")
        #expect(HTTPClientError.network(reason: .timedOut(.deadline(.seconds(1))), requestSent: false).isTimeout)
        #expect(!HTTPClientError.noConnection(reason: "refused").isTimeout)
    }
}

/// The blocking reader Apple's URLSession body stream pump uses, read here from a thread of its own.
@Suite struct StreamedRequestBodyTests {
    /// Reads `body` on a new thread until it ends or fails; answers the bytes and whether it failed.
    func readOnAThread(_ body: StreamedRequestBody) async -> ([UInt8], failed: Bool) {
        await withCheckedContinuation { continuation in
            Thread {
                var bytes: [UInt8] = []
                var piece = [UInt8](repeating: 0, count: 10_000)
                while true {
                    let read = piece.withUnsafeMutableBytes { body.read(into: $0) }
                    switch read {
                    case .bytes(let count): bytes += piece[..<count]
                    case .end: return continuation.resume(returning: (bytes, false))
                    case .failed: return continuation.resume(returning: (bytes, true))
                    }
                }
            }.start()
        }
    }

    @Test func readsWhatTheProducerPushesAsItComes() async throws {
        let body = StreamedRequestBody(length: Int64(3 << 16), bound: 16 << 10)
        let feeder = body.source.startFeeding(from: HTTPBody(PatternChunks(count: 3), length: .known(Int64(3 << 16))))
        let (bytes, failed) = await readOnAThread(body)
        await feeder.value
        #expect(!failed)
        #expect(bytes.count == 3 << 16)
        #expect(bytes.indices.allSatisfy { bytes[$0] == UInt8(($0 % 65536) % 251) })
    }

    @Test func aBodyShorterThanDeclaredFailsWithInvalidRequest() async throws {
        let body = StreamedRequestBody(length: 100, bound: 16 << 10)
        let reported = Gate()
        body.setHandlers(onProgress: {}, onFailure: { _ in reported.open() })
        let feeder = body.source.startFeeding(from: HTTPBody(byteChunks: [[1, 2, 3]].async, length: .known(100)))
        let (_, failed) = await readOnAThread(body)
        await feeder.value
        await reported.wait()
        #expect(failed)
        guard case .invalidRequest? = body.failure as? HTTPClientError else {
            Issue.record("expected invalidRequest, got \(String(describing: body.failure))")
            return
        }
    }

    @Test func closingWakesAReaderWaitingForTheProducer() async throws {
        let body = StreamedRequestBody(length: nil, bound: 16 << 10)
        let (chunks, feed) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        let feeder = body.source.startFeeding(from: HTTPBody(chunks, length: .unknown))
        async let reading = readOnAThread(body)
        while !body.isWaitingForProducer { await Task.yield() }
        body.close()
        let (bytes, failed) = await reading
        feed.finish()
        await feeder.value
        #expect(failed)
        #expect(bytes.isEmpty)
        #expect(body.failure == nil)
    }
}
