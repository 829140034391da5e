import Foundation
import Marfa
import MarfaHTTP
import Synchronization

/// A transport in front of the real one that answers the writes a test scripts itself (for answers
/// the local instance never gives: a proxy's page, another contract, a 503 with a wait, an
/// unreadable body) and passes everything else through. It counts what it answered.
final class ScriptedTransport: ClientTransport {
    /// An answer for a request, or nil to pass it on.
    typealias Script = @Sendable (HTTPRequest) -> (status: Int, headers: [String: String], body: String)?

    private let inner: any ClientTransport
    private let state = Mutex<(script: Script?, answered: Int)>((nil, 0))

    init(inner: any ClientTransport = Server.defaultTransport) { self.inner = inner }

    /// Answers from `script` from now on (nil: pass everything).
    func set(_ script: Script?) { state.withLock { $0.script = script } }

    /// How many requests the script answered.
    var answered: Int { state.withLock { $0.answered } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let script = state.withLock { $0.script }
        guard let answer = script?(request) else {
            return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
        state.withLock { $0.answered += 1 }
        var fields = HTTPFields()
        for (name, value) in answer.headers { fields[name] = value }
        return (HTTPResponse(status: answer.status, headerFields: fields), HTTPBody(answer.body))
    }

    /// The contract header a Marfa answer carries.
    static let contract = ["X-Marfa-Contract": "0", "Content-Type": "application/json"]
}
