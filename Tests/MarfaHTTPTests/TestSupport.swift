import Foundation
import MarfaOpenAPIRuntime
import Synchronization
import Testing

@testable import MarfaHTTP

/// Runs `body` with a started server on 127.0.0.1 that `configure` set up, and shuts it down after.
func withServer<R>(
    _ configuration: MicroHTTPDServer.Configuration = .init(),
    configure: (MicroHTTPDServer) throws -> Void,
    _ body: (MicroHTTPDServer) async throws -> R
) async throws -> R {
    let server = MicroHTTPDServer(configuration: configuration)
    try configure(server)
    try server.start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

/// A plain-text answer for test handlers.
func text(_ status: Int = 200, _ string: String, _ fields: HTTPFields = [:]) -> (HTTPResponse, HTTPBody?) {
    (HTTPResponse(status: status, headerFields: fields), HTTPBody(string))
}

extension CurlTransport {
    /// Sends a request and reads the whole answer as text.
    func fetch(
        _ method: HTTPMethod = .get, _ path: String, from server: MicroHTTPDServer, headers: HTTPFields = [:],
        body: HTTPBody? = nil
    ) async throws -> (HTTPResponse, String) {
        let (response, responseBody) = try await send(
            HTTPRequest(method: method, path: path, headerFields: headers), body: body, baseURL: server.url,
            operationID: "test")
        var text = ""
        if let responseBody { text = try await String(collecting: responseBody, upTo: 64 << 20) }
        return (response, text)
    }
}

/// Bytes an async stream hands out on demand, for handlers that stream.
final class ChunkFeed: Sendable {
    let stream: AsyncStream<ArraySlice<UInt8>>
    let continuation: AsyncStream<ArraySlice<UInt8>>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
    }

    func send(_ text: String) { continuation.yield(ArraySlice(text.utf8)) }
    func finish() { continuation.finish() }
    var body: HTTPBody { HTTPBody(stream, length: .unknown) }
}

/// A flag a test can set from one task and wait for in another.
final class Gate: Sendable {
    private let signal = OneShotSignal()
    func open() { signal.raise() }
    func wait() async { await signal.wait() }
    var isOpen: Bool { signal.isRaised }
}

/// A counter shared between handlers and the test.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int = 1) { value.withLock { $0 += amount } }
    var count: Int { value.withLock { $0 } }
}

/// How long `body` took.
func elapsed(_ body: () async throws -> Void) async rethrows -> Duration {
    let start = ContinuousClock.now
    try await body()
    return ContinuousClock.now - start
}

/// The error `body` throws, or nil.
func caught(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
