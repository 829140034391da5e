import Foundation
import Marfa
import MarfaHTTP
import Synchronization

/// A client transport for tests that stands between a `Server` and the real transport, and on
/// each request does what its `fault` says: pass it on, answer it without the network, drop it
/// before or after it is sent, or hold it until released.
final class FaultInjectingTransport: ClientTransport {
    enum Fault: Sendable {
        /// Send through `inner` unchanged.
        case pass
        /// Answer with this, sending nothing.
        case answer(@Sendable (HTTPRequest) -> (HTTPResponse, HTTPBody?))
        /// Fail as an unreachable server, sending nothing.
        case refuseConnection
        /// Send through `inner`, read the whole answer, then fail as a dropped connection.
        case dropAnswer
        /// Wait until `release()` is called (or the task is canceled), then pass.
        case hold
    }

    let inner: any ClientTransport
    private let state = Mutex<(fault: Fault, seen: [String], waiters: [CheckedContinuation<Void, Never>], held: Int)>(
        (.pass, [], [], 0))

    init(inner: any ClientTransport = Server.defaultTransport, fault: Fault = .pass) {
        self.inner = inner
        state.withLock { $0.fault = fault }
    }

    /// Changes what later requests meet.
    func set(_ fault: Fault) { state.withLock { $0.fault = fault } }

    /// `METHOD path` of every request that reached the transport, in order.
    var seen: [String] { state.withLock { $0.seen } }

    /// How many requests wait in `hold` now.
    var held: Int { state.withLock { $0.held } }

    /// Lets every held request go on.
    func release() {
        let waiters = state.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let fault = state.withLock { state in
            state.seen.append("\(request.method.rawValue) \(request.path)")
            return state.fault
        }
        switch fault {
        case .pass:
            return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        case .answer(let script):
            return script(request)
        case .refuseConnection:
            throw HTTPClientError.noConnection(reason: "connection refused by the test transport")
        case .dropAnswer:
            let (_, answer) = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
            _ = try await answer?.collect(upTo: 1 << 20)
            throw HTTPClientError.network(reason: .connectionLost("dropped by the test transport"), requestSent: true)
        case .hold:
            await withCheckedContinuation { waiter in
                state.withLock { state in
                    state.waiters.append(waiter)
                    state.held += 1
                }
            }
            state.withLock { $0.held -= 1 }
            try Task.checkCancellation()
            return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
    }
}
