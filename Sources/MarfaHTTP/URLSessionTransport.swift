import Foundation
import MarfaOpenAPIRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `ClientTransport` on `URLSession` (Foundation on Apple platforms, FoundationNetworking on
/// Linux). The default on Apple platforms; see `DefaultTransport`.
///
/// It behaves as `CurlTransport` does and throws the same errors for the same failures:
/// - Each transport has one `URLSession` (ephemeral: no cache, no cookies, no stored credentials)
///   whose connections calls to the same origin reuse. Copies of a transport share it; make one
///   transport and keep it.
/// - `send` returns once the response head has arrived; the body is an `HTTPBody`, read once, that
///   yields chunks as they arrive. On Apple platforms a reader that falls more than
///   `Configuration.responseBufferBytes` behind suspends the transfer until it catches up.
/// - Request bodies in memory are sent from memory; other bodies are read chunk by chunk while the
///   request goes out (chunked encoding when their length is unknown).
/// - Redirects are never followed: a 3xx answer (other than 304) throws `HTTPClientError.redirected`.
/// - TLS certificates and host names are verified by the system; there is no way to turn that off.
/// - Time limits come from the configuration, or from `TransportLimits.current` for calls in a task.
/// - Cancelling the calling task (or the task reading the body) cancels the transfer and throws
///   `CancellationError`. Dropping an unfinished body cancels it too.
/// - Other failures throw `HTTPClientError`. URLSession does not tell whether a request head went
///   out, so a failure after connecting reports `requestSent: true`.
///
/// On Linux FoundationNetworking sets limits of its own: it cannot suspend a transfer, so a slow
/// reader does not slow the server down and the bytes wait in memory; it reads a body stream with
/// blocking calls on the one queue all its sessions share, so a streamed request body is read to its
/// end first (in memory up to `requestBufferBytes`, beyond in a temporary file) and sent with its
/// `Content-Length`; and a response field sent more than once comes as one value joined with ", ".
public struct URLSessionTransport: ClientTransport {
    /// The settings the transport was made with.
    public let configuration: Configuration
    let engine: URLSessionEngine

    /// A transport with its own `URLSession`, made with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        engine = URLSessionEngine(configuration: configuration)
    }

    /// Sends `request` to `baseURL` joined with `request.path`; answers when the response head is in.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        try Task.checkCancellation()
        let startedAt = MonotonicTime.now()
        let target = try RequestTarget(base: engine.bases.base(for: baseURL), path: request.path)
        let limits = TransportLimits.current ?? configuration.limits
        let plan = try await RequestBodyPlan.make(
            body: body, method: request.method.rawValue, memoryLimit: max(configuration.requestBufferBytes, 16 << 10))
        let exchange = try URLSessionExchange(
            engine: engine, request: request, body: plan, target: target, limits: limits, startedAt: startedAt)
        return try await exchange.run()
    }

    /// Counters of this transport, for tests and benchmarks.
    var statistics: URLSessionEngine.Statistics { engine.statistics }
}
