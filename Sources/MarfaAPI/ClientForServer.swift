import Foundation
import Marfa
import MarfaHTTP

extension Client {
    /// How long a call waits for the answer to start, and again between the parts of a streamed
    /// body, unless `Client(server, timeout:)` says otherwise: 30 seconds.
    public static let defaultTimeout: Duration = .seconds(30)

    /// A client for `server`'s instance, sending its key or sign-in.
    ///
    /// A call waits `timeout` for the answer to start, and again between the parts of a streamed
    /// body, then throws `network`; pass a longer time for a call that answers only when its work
    /// is done, such as `runHousekeeping`. A refusal throws `MarfaError` (read a success from the
    /// answer's `ok` case); a refused access token is renewed once and the call sent again, and
    /// once the server ends the sign-in calls throw `signedOut`. Redirects are never followed.
    public init(_ server: Server, timeout: Duration = Client.defaultTimeout) {
        self.init(
            serverURL: server.url, configuration: server.clientConfiguration, transport: server.transport,
            middlewares: [CallTimeMiddleware(server: server, timeout: timeout)] + server.middlewares)
    }
}

/// The outermost middleware of a `Client` made from a `Server`: gives the request the client's
/// time limit (for the answer to start and for each silence of a streamed body) and turns
/// whatever the call throws into a `MarfaError`.
struct CallTimeMiddleware: ClientMiddleware {
    let server: Server
    let timeout: Duration

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard timeout > .zero else { throw MarfaError.invalid(message: "The timeout must be longer than zero.") }
        return try await server.run(timeout: nil, idleTimeout: timeout) { try await next(request, body, baseURL) }
    }
}

/// Runs one convenience call and turns whatever it throws (an answer the generated client could
/// not read, a cancellation) into a `MarfaError`.
func marfaCall<T>(_ body: () async throws -> T) async throws(MarfaError) -> T {
    do {
        return try await body()
    } catch {
        throw MarfaError(error)
    }
}
