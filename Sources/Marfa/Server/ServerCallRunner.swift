import Foundation
import MarfaHTTP

extension Server {
    /// The transport a `Server` sends through unless its `transport` is set: one for the process,
    /// of the platform's default kind (`URLSessionTransport` on Apple platforms, `CurlTransport` on
    /// Linux).
    public static let defaultTransport: any ClientTransport = DefaultTransport.shared

    /// The middleware a client for this server sends through, outermost first: the credential
    /// (with renewal), the contract check that turns refusals into `MarfaError`, and the time budget.
    package var middlewares: [any ClientMiddleware] { middlewares(returningRefusals: false) }

    /// The same middleware; with `returningRefusals` a refusal naming the contract is answered as
    /// it came (for a drain, which reads the envelope's details) rather than thrown.
    package func middlewares(returningRefusals: Bool) -> [any ClientMiddleware] {
        [
            AuthorizationMiddleware(source: credentials),
            ContractMiddleware(expected: Self.contract, returnsRefusals: returningRefusals), TimeLimitMiddleware(),
        ]
    }

    /// The generated-client settings for this server: answers read up to `answerLimit` bytes, and
    /// a request or answer the client can't handle throws `MarfaError` rather than `ClientError`.
    package var clientConfiguration: Configuration {
        Configuration(maxBodyBytes: Self.answerLimit, clientErrorMapping: { MarfaError(client: $0) })
    }

    /// Runs one call under a time budget and turns whatever it throws into a `MarfaError`.
    ///
    /// `timeout` bounds the whole call, every request in it included (nil for no bound);
    /// `idleTimeout` bounds each silence of the server. A task canceled before or during the call
    /// throws `canceled`.
    package func run<T>(
        timeout: Duration?, idleTimeout: Duration? = nil, _ body: () async throws -> T
    ) async throws(MarfaError) -> T {
        if let timeout, timeout <= .zero { throw .invalid(message: "The timeout must be longer than zero.") }
        if let idleTimeout, idleTimeout <= .zero {
            throw .invalid(message: "The idle timeout must be longer than zero.")
        }
        if Task.isCancelled { throw .canceled }
        let limits = CallLimits(deadline: timeout.map { .now + $0 }, idleTimeout: idleTimeout)
        do {
            return try await CallLimits.$current.withValue(limits) { try await body() }
        } catch {
            let failure = MarfaError(error)
            if case .network = failure, let timeout, let deadline = limits.deadline, ContinuousClock.now >= deadline {
                throw .network(message: "The server's answer didn't arrive within \(MarfaError.durationText(timeout)).")
            }
            throw failure
        }
    }

    /// Runs one call through this module's generated client.
    func call<T>(timeout: Duration, _ body: (Client) async throws -> T) async throws(MarfaError) -> T {
        let client = Client(
            serverURL: url, configuration: clientConfiguration, transport: transport, middlewares: middlewares)
        return try await run(timeout: timeout) { try await body(client) }
    }
}
