import Foundation
import MarfaOpenAPIRuntime
import Synchronization

/// A server and a client transport in one: requests the generated `Client` sends are routed with a
/// `PathRouter` to the handlers `registerHandlers(on:)` put here, without a network.
/// Every request head the client sends is recorded, so tests can assert the exact wire form.
final class InMemoryTransport: ServerTransport, ClientTransport, Sendable {
    private let router = PathRouter<ServerHandler>()
    private let sent = Mutex<[HTTPRequest]>([])

    /// The request heads sent so far, oldest first.
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    /// The last request head sent.
    var lastRequest: HTTPRequest? { requests.last }

    func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws {
        try router.register(handler, method: method, template: path)
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        sent.withLock { $0.append(request) }
        switch router.match(method: request.method, path: request.pathOnly) {
        case .found(let handler, let parameters):
            return try await handler(request, body, ServerRequestMetadata(pathParameters: parameters))
        case .methodNotAllowed:
            return (HTTPResponse(status: 405), nil)
        case .notFound:
            return (HTTPResponse(status: 404), nil)
        }
    }
}

/// Keeps what a handler received, so a test can compare it with what the client sent.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func record(_ value: Value) { values.withLock { $0.append(value) } }

    var last: Value? { values.withLock { $0.last } }

    /// Everything recorded, in order.
    var all: [Value] { values.withLock { $0 } }
}

let testServerURL = URL(string: "https://api.example.com")!

/// Encodes with the runtime's encoder (sorted keys) and answers the JSON text.
func jsonText<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
}

/// Decodes `text` with the runtime's decoder.
func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONCoding.makeDecoder().decode(type, from: Data(text.utf8))
}

/// Encodes then decodes `value`, answering the copy.
func roundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONCoding.makeDecoder().decode(T.self, from: JSONCoding.makeEncoder().encode(value))
}
