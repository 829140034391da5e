import Foundation
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization
import Testing

@testable import MarfaHTTP

/// The client transports every client test runs against.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    #if canImport(CCurl)
    case curl
    #endif
    case urlSession

    /// The platform's default kind (see `DefaultTransport`), for tests of the server.
    static var platformDefault: TransportKind {
        #if canImport(CCurl)
        .curl
        #else
        .urlSession
        #endif
    }

    var testDescription: String { rawValue }

    /// A new transport of this kind with the given settings (the configuration's defaults otherwise).
    func make(
        deadline: Duration? = nil, idleTimeout: Duration? = .seconds(60), maxResponseHeadBytes: Int = 64 << 10,
        responseBufferBytes: Int = 1 << 20
    ) -> any CountingTransport {
        switch self {
        #if canImport(CCurl)
        case .curl:
            CurlTransport(
                configuration: .init(
                    deadline: deadline, idleTimeout: idleTimeout, maxResponseHeadBytes: maxResponseHeadBytes,
                    responseBufferBytes: responseBufferBytes))
        #endif
        case .urlSession:
            URLSessionTransport(
                configuration: .init(
                    deadline: deadline, idleTimeout: idleTimeout, maxResponseHeadBytes: maxResponseHeadBytes,
                    responseBufferBytes: responseBufferBytes))
        }
    }

    /// Whether a request body of unknown length goes out while it is produced (chunked). URLSession
    /// on Linux reads a streamed body to its end first and sends it with its length (see
    /// `SpooledRequestBody`).
    var streamsRequestBodies: Bool {
        #if canImport(FoundationNetworking)
        self != .urlSession
        #else
        true
        #endif
    }

    /// How a body of unknown length arrives at the server: `chunked`, or `length` where it is gathered first.
    var unknownLengthFraming: String { streamsRequestBodies ? "chunked" : "length" }

    /// Whether a response field sent more than once comes back as separate values. URLSession keeps
    /// fields in a dictionary and joins repeated ones with ", ".
    var keepsRepeatedFieldsApart: Bool { self != .urlSession }

    /// Whether the transport can pause a transfer whose reader fell behind, so at most the buffer's
    /// bound waits in memory. FoundationNetworking (URLSession on Linux) cannot suspend a transfer.
    var pausesForTheReader: Bool {
        #if canImport(FoundationNetworking)
        self != .urlSession
        #else
        true
        #endif
    }
}

/// A client transport that counts what it did, for assertions on buffering and on ended transfers.
protocol CountingTransport: ClientTransport {
    /// Transfers that ended, in any way.
    var transfersFinished: Int { get }
    /// The most response bytes that waited for a reader at once.
    var maxBufferedResponseBytes: Int { get }
    /// How often a reader fell more than the buffer's bound behind.
    var receivePauses: Int { get }
}

#if canImport(CCurl)
extension CurlTransport: CountingTransport {
    var transfersFinished: Int { statistics.transfersFinished }
    var maxBufferedResponseBytes: Int { statistics.maxBufferedResponseBytes }
    var receivePauses: Int { statistics.receivePauses }
}
#endif

extension URLSessionTransport: CountingTransport {
    var transfersFinished: Int { statistics.transfersFinished }
    var maxBufferedResponseBytes: Int { statistics.maxBufferedResponseBytes }
    var receivePauses: Int { statistics.receivePauses }
}

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

extension ClientTransport {
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
