import Foundation
import Marfa
import MarfaHTTP
import MarfaHTTPServer
import Synchronization
import Testing

/// A request a scripted instance received.
struct ReceivedRequest: Sendable {
    var method: String
    /// The path and query, as sent.
    var path: String
    var headers: HTTPFields
    var body: [UInt8]

    var pathOnly: String { String(path.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The query's values by name.
    var query: [String: String] {
        guard let start = path.firstIndex(of: "?") else { return [:] }
        var values: [String: String] = [:]
        for pair in path[path.index(after: start)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            values[parts[0]] = parts.count > 1 ? parts[1].removingPercentEncoding : ""
        }
        return values
    }

    /// The body read as a JSON object.
    var json: JSONObject? {
        try? JSONDecoder().decode(JSONObject.self, from: Data(body))
    }
}

/// A `MicroHTTPDServer` on 127.0.0.1 whose every answer comes from one closure, recording each
/// request it receives: a stand-in for an instance, a proxy or a broken server.
final class ScriptedInstance: Sendable {
    typealias Script = @Sendable (ReceivedRequest) async throws -> (HTTPResponse, HTTPBody?)

    let server: MicroHTTPDServer
    private let log = RequestLog()

    init(maxBodyBytes: Int = 16 << 20, _ script: @escaping Script) throws {
        server = MicroHTTPDServer(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes)
        server.registerFallback { [log] request, body, _ in
            let bytes = try await body?.collect(upTo: 16 << 20) ?? []
            let received = ReceivedRequest(
                method: request.method.rawValue, path: request.path, headers: request.headerFields, body: bytes)
            log.append(received)
            return try await script(received)
        }
        try server.start()
    }

    var url: URL { server.url }

    /// Every request received so far, in order.
    var requests: [ReceivedRequest] { log.all }

    func stop() async { await server.shutdown() }
}

/// Runs `body` with a started scripted instance, and stops it after.
func withInstance<R>(
    _ script: @escaping ScriptedInstance.Script, _ body: (ScriptedInstance) async throws -> R
) async throws -> R {
    let instance = try ScriptedInstance(script)
    do {
        let result = try await body(instance)
        await instance.stop()
        return result
    } catch {
        await instance.stop()
        throw error
    }
}

/// The key the tests send; no text a test checks may contain it.
let testKey = "marfa_k1_s3cretKEY"

/// A `Server` for a scripted instance, with `testKey`.
func server(for instance: ScriptedInstance) throws -> Server {
    try Server(url: instance.url, key: testKey)
}

/// An answer naming contract `contract` (none when nil), with a JSON body.
func answer(
    _ status: Int = 200, json: String, contract: String? = "0", fields: HTTPFields = [:]
) -> (HTTPResponse, HTTPBody?) {
    var headers = fields
    headers["Content-Type"] = "application/json"
    if let contract { headers["X-Marfa-Contract"] = contract }
    return (HTTPResponse(status: status, headerFields: headers), HTTPBody(json))
}

/// A refusal in the error envelope, naming contract 0.
func refusal(
    _ status: Int, code: String, message: String, details: String? = nil, fields: HTTPFields = [:]
)
    -> (HTTPResponse, HTTPBody?)
{
    let detailsText = details.map { ", \"details\": \($0)" } ?? ""
    var headers = fields
    headers["X-Error-Code"] = code
    return answer(
        status, json: "{\"error\": {\"code\": \"\(code)\", \"message\": \"\(message)\"\(detailsText)}}", fields: headers
    )
}

/// The `MarfaError` `body` throws, or nil when it throws nothing; any other error fails the test.
func marfaError(
    _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> MarfaError? {
    do {
        try await body()
        return nil
    } catch let error as MarfaError {
        return error
    } catch {
        Issue.record("expected a MarfaError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The requests a scripted instance received, shared with its handler.
final class RequestLog: Sendable {
    private let entries = Mutex<[ReceivedRequest]>([])
    func append(_ request: ReceivedRequest) { entries.withLock { $0.append(request) } }
    var all: [ReceivedRequest] { entries.withLock { $0 } }
}

/// A counter shared between a script and a test.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
