#if canImport(CCurl)
import MarfaOpenAPIRuntime
import Foundation

/// A `ClientTransport` on libcurl.
///
/// Each transport runs one event-loop thread over one libcurl multi handle: calls to the same
/// origin reuse connections (HTTP/1.1 keep-alive, or one multiplexed HTTP/2 connection where a TLS
/// server offers it). Copies of a transport share the loop; make one transport and keep it.
///
/// - `send` returns once the response head has arrived; the body is an `HTTPBody`, read once, that
///   yields chunks as they arrive. When the reader falls more than
///   `Configuration.responseBufferBytes` behind, the transfer pauses until it catches up. A body
///   that had all arrived with its head (most small answers) comes in memory instead, as one chunk.
/// - Request bodies in memory are sent from memory; other bodies are read chunk by chunk while the
///   request goes out (chunked encoding when their length is unknown).
/// - Redirects are never followed: a 3xx answer (other than 304) throws `HTTPClientError.redirected`.
/// - TLS certificates and host names are always verified.
/// - Time limits come from the configuration, or from `TransportLimits.current` for calls in a task.
/// - Cancelling the calling task (or the task reading the body) aborts the transfer and throws
///   `CancellationError`. Dropping an unfinished body aborts the transfer too.
/// - Other failures throw `HTTPClientError`.
public struct CurlTransport: ClientTransport {
    public let configuration: Configuration
    let engine: CurlEngine

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        engine = CurlEngine(configuration: configuration)
    }

    /// Sends `request` to `baseURL` joined with `request.path`; answers when the response head is in.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        try Task.checkCancellation()
        let target = try RequestTarget(base: engine.bases.base(for: baseURL), path: request.path)
        let transfer = try CurlTransfer(
            engine: engine, request: request, body: body, target: target,
            limits: Self.limits(for: configuration), configuration: configuration)
        return try await transfer.run(body: body)
    }

    /// Counters of this transport's loop, for tests and benchmarks.
    var statistics: CurlEventLoop.Statistics { engine.loop.statistics }
}
#endif
