import Foundation
import Marfa
import MarfaHTTP
import Synchronization
import Testing

#if canImport(MarfaHTTPServer)
import MarfaHTTPServer
#endif

/// A request the receiver got, with its body gunzipped and what was wrong with it.
struct ReceivedRequest: Sendable {
    enum Endpoint: Sendable { case capture, logs, other }

    var endpoint: Endpoint
    var path: String
    var headers: HTTPFields
    /// The body as sent (gzip).
    var rawBody: [UInt8]
    /// The body after gunzip; empty when it wasn't gzip.
    var body: [UInt8]
    /// What PostHog, or the OTLP definitions, would refuse; empty for a well-formed request.
    var problems: [String]

    /// The body as a JSON object.
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }

    /// The body as an OTLP logs request.
    var logs: ReceivedLogs? { try? JSONDecoder().decode(ReceivedLogs.self, from: Data(body)) }

    /// The properties of a capture body.
    var properties: [String: Any] { object?["properties"] as? [String: Any] ?? [:] }

    /// The first entry of a capture body's `$exception_list`.
    var exception: [String: Any] { (properties["$exception_list"] as? [[String: Any]])?.first ?? [:] }
}

/// A loopback server playing PostHog: the capture API (`/i/v0/e/`) and the OTLP logs endpoint
/// (`/i/v1/logs`). It gunzips each body, checks the fields PostHog requires, runs every logs body
/// through the official opentelemetry-proto definitions (when the venv is there), and answers
/// `status` (200 by default), 400 for a malformed body, or holds every request until `release()`.
final class PostHogReceiver: Sendable {
    let server: MicroHTTPDServer
    let projectToken: String
    /// The status a well-formed request is answered with.
    let status: Int

    private struct State {
        var requests: [ReceivedRequest] = []
        var holding: Bool
        var held: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }
    private let state: Mutex<State>

    init(projectToken: String = testProjectToken, holding: Bool = false, answering status: Int = 200) throws {
        self.projectToken = projectToken
        self.status = status
        state = Mutex(State(holding: holding))
        server = MicroHTTPDServer(host: "127.0.0.1", port: 0)
        server.registerFallback { [self] request, body, _ in
            let raw = try await body?.collect(upTo: 8 << 20) ?? []
            let received = await inspect(request, raw)
            state.withLock { $0.requests.append(received) }
            await holdIfAsked()
            let status = received.problems.isEmpty ? status : 400
            return (HTTPResponse(status: status, headerFields: ["Content-Type": "application/json"]), HTTPBody("{}"))
        }
        try server.start()
    }

    var url: URL { server.url }

    /// Every request so far, in the order they arrived.
    var requests: [ReceivedRequest] { state.withLock { $0.requests } }
    var captures: [ReceivedRequest] { requests.filter { $0.endpoint == .capture } }
    var logBatches: [ReceivedRequest] { requests.filter { $0.endpoint == .logs } }

    /// Returns once `count` requests have arrived.
    func waitForRequests(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("\(count) requests at the receiver", sourceLocation: sourceLocation) {
            self.requests.count >= count
        }
    }

    /// Answers every held request, and holds no more.
    func release() {
        let held = state.withLock { state in
            state.holding = false
            defer { state.held.removeAll() }
            return Array(state.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    /// Stops the server, then checks every request: well formed, and no secret in any of them.
    func stop(alsoSecret extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        release()
        await server.shutdown()
        for request in requests {
            #expect(request.problems.isEmpty, "\(request.path): \(request.problems)", sourceLocation: sourceLocation)
            let leaked = TestSecrets.found(in: request, alsoSecret: extra)
            #expect(leaked.isEmpty, "\(request.path) carries \(leaked)", sourceLocation: sourceLocation)
        }
    }

    private func holdIfAsked() async {
        let id = state.withLock { state -> UInt64? in
            guard state.holding else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let holding = state.withLock { state -> Bool in
                    guard state.holding, !Task.isCancelled else { return false }
                    state.held[id] = continuation
                    return true
                }
                if !holding { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume()
        }
    }

    private func inspect(_ request: HTTPRequest, _ raw: [UInt8]) async -> ReceivedRequest {
        let path = String(request.pathOnly)
        let endpoint: ReceivedRequest.Endpoint =
            switch path {
            case "/i/v0/e/": .capture
            case "/i/v1/logs": .logs
            default: .other
            }
        var problems: [String] = []
        if request.method != .post { problems.append("method \(request.method.rawValue), not POST") }
        if request.headerFields["Content-Type"] != "application/json" {
            problems.append("Content-Type is not application/json")
        }
        if request.headerFields["Content-Encoding"] != "gzip" { problems.append("no Content-Encoding: gzip") }
        let body = raw.starts(with: [0x1f, 0x8b, 0x08]) ? gunzip(raw) : nil
        if body == nil { problems.append("the body is not gzip") }
        let received = ReceivedRequest(
            endpoint: endpoint, path: request.path, headers: request.headerFields, rawBody: raw, body: body ?? [],
            problems: [])
        switch endpoint {
        case .capture: problems += CaptureRules.problems(received, projectToken: projectToken)
        case .logs: problems += await logsProblems(received)
        case .other: problems.append("no such PostHog endpoint: \(path)")
        }
        var checked = received
        checked.problems = problems
        return checked
    }

    private func logsProblems(_ received: ReceivedRequest) async -> [String] {
        var problems: [String] = []
        if received.headers["Authorization"] != "Bearer \(projectToken)" {
            problems.append("no Authorization: Bearer with the project token")
        }
        if received.logs == nil { problems.append("the body does not decode as an OTLP logs request") }
        if OTLPCheck.isAvailable {
            let result = await OTLPCheck.check(received.rawBody)
            if result.status != 0 { problems.append("otlp-check.py refused it: \(result.message)") }
        }
        return problems
    }
}

/// The project token the tests configure; it travels in every capture body by design.
let testProjectToken = "phc_TelemetryTestProjectToken"
