import Foundation
import MarfaOpenAPIRuntime
import Synchronization
import Testing

/// A server middleware that already read a JSON body hands its value on with the bytes
/// (`HTTPBody(_:json:)`), and the handler's `ServerCall.json` decodes that value, not the bytes.
@Suite struct PreReadJSONBodyTests {
    struct Note: Codable, Equatable {
        var title: String
    }

    /// Keeps the one handler registered on it.
    final class OneRoute: ServerTransport, Sendable {
        let handler = Mutex<ServerHandler?>(nil)
        func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws {
            self.handler.withLock { $0 = handler }
        }
    }

    /// Replaces every body with `bytes` and the value `json`.
    struct Reader: ServerMiddleware {
        let bytes: [UInt8]
        let json: OpenAPIValue?
        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let body = json.map { HTTPBody(bytes, json: $0) } ?? HTTPBody(bytes)
            return try await next(request, body, metadata)
        }
    }

    /// The title the handler decoded from the body, or the status it answered.
    private func decodedTitle(bytes: String, json: OpenAPIValue?) async throws -> (String?, Int) {
        let route = OneRoute()
        let registrar = ServerRegistrar(
            serverURL: URL(string: "/")!, middlewares: [Reader(bytes: Array(bytes.utf8), json: json)])
        let seen = Mutex<String?>(nil)
        try registrar.register(on: route, .post, "/notes", operationID: "createNote") { _, body, _, call in
            let note = try await call.json(Note.self, body)
            seen.withLock { $0 = note.title }
            return (HTTPResponse(status: 204), nil)
        }
        let handler = try #require(route.handler.withLock { $0 })
        let (response, _) = try await handler(
            HTTPRequest(method: .post, path: "/notes"), HTTPBody(), ServerRequestMetadata())
        return (seen.withLock { $0 }, response.status.code)
    }

    @Test func theValueReadBeforeIsDecodedInsteadOfTheBytes() async throws {
        let (title, status) = try await decodedTitle(
            bytes: #"{"title":"from the bytes"}"#, json: .object(["title": .string("from the value")]))
        #expect(status == 204)
        #expect(title == "from the value")
    }

    @Test func withoutAValueTheBytesAreParsed() async throws {
        let (title, _) = try await decodedTitle(bytes: #"{"title":"from the bytes"}"#, json: nil)
        #expect(title == "from the bytes")
    }

    @Test func aValueOfTheWrongShapeIsTheSame400AsBadBytes() async throws {
        let fromValue = try await decodedTitle(bytes: "{}", json: .object(["title": .int(3)]))
        let fromBytes = try await decodedTitle(bytes: #"{"title":3}"#, json: nil)
        #expect(fromValue.0 == nil && fromBytes.0 == nil)
        #expect(fromValue.1 == 400 && fromBytes.1 == 400)
    }
}
