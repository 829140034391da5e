import Foundation
import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization
import Testing

private typealias H = HeadersFixture
private typealias HOps = HeadersFixture.Operations

// Middleware written the way swift-openapi-generator's examples write it against swift-http-types:
// `HTTPField.Name` constants, `HTTPResponse.Status` constants, `.code` and `.kind`.

/// Adds a bearer token to every request.
private struct AuthenticationMiddleware: ClientMiddleware {
    let bearerToken: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(bearerToken)"
        return try await next(request, body, baseURL)
    }
}

/// Notes each response's method, code and class.
private final class LoggingMiddleware: ClientMiddleware {
    let lines = Mutex<[String]>([])

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        let method: HTTPRequest.Method = request.method
        lines.withLock { $0.append("\(method.rawValue) \(response.status.code) \(response.status.kind)") }
        return (response, responseBody)
    }
}

/// Refuses a request without the expected bearer token with `401`, before the handler.
private struct BearerCheckMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.headerFields[.authorization] == "Bearer open-sesame" else {
            var refusal = HTTPResponse(status: .unauthorized)
            refusal.headerFields[.wwwAuthenticate] = "Bearer"
            return (refusal, nil)
        }
        return try await next(request, body, metadata)
    }
}

/// Answers `getLimits` with fixed headers.
private struct QuietLimits: H.APIProtocol {
    func getLimits(_ input: HOps.GetLimits.Input) async throws -> HOps.GetLimits.Output {
        .ok(
            .init(
                headers: .init(rateLimit: "limit=1", xTags: []),
                body: .json(.init(note: nil, cacheControl: nil, ids: nil))))
    }
}

/// Middleware written for swift-http-types compiles against the runtime unchanged and runs through
/// a generated client and server over a real socket.
@Suite struct PortedMiddlewareTests {
    @Test func swiftHTTPTypesMiddlewareAuthenticatesLogsAndRefusesOverTheWire() async throws {
        let server = MicroHTTPDServer()
        try QuietLimits().registerHandlers(on: server, middlewares: [BearerCheckMiddleware()])
        try server.start()
        defer { Task { await server.shutdown() } }
        let log = LoggingMiddleware()
        let signedIn = H.Client(
            serverURL: server.url, transport: DefaultTransport.make(),
            middlewares: [AuthenticationMiddleware(bearerToken: "open-sesame"), log])
        #expect(try await signedIn.getLimits().ok.headers.rateLimit == "limit=1")
        let stranger = H.Client(serverURL: server.url, transport: DefaultTransport.make(), middlewares: [log])
        let refused = try await stranger.getLimits()
        guard case .undocumented(let statusCode, let payload) = refused else {
            Issue.record("expected the middleware's 401, got \(refused)")
            return
        }
        #expect(statusCode == HTTPResponse.Status.unauthorized.code)
        #expect(payload.headerFields[.wwwAuthenticate] == "Bearer")
        #expect(log.lines.withLock { $0 } == ["GET 200 successful", "GET 401 clientError"])
    }

    @Test func fieldNamesCompareWithoutCaseAndRefuseWhatIsNoToken() {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        #expect(fields["content-type"] == "application/json")
        let (written, lower) = ("X-Trace-Id", "x-trace-id")
        #expect(HTTPField.Name(written) == HTTPField.Name(lower))
        for refused in ["Bad Name", "", "a:b", "tab\there"] { #expect(HTTPField.Name(refused) == nil, "\(refused)") }
        fields[values: .accept] = ["text/plain", "application/json"]
        #expect(fields.values(for: "Accept") == ["text/plain", "application/json"])
        #expect(HTTPField(name: .userAgent, value: "x").name == "User-Agent")
    }

    @Test func aStatusReadsAsItsCodeAndItsClass() {
        let status: HTTPResponse.Status = 404
        #expect(status == .notFound && status.code == 404 && status.reasonPhrase == "Not Found")
        #expect(status.kind == .clientError && HTTPResponse.Status(code: 99).kind == .invalid)
        #expect((400..<500).contains(status) && "\(status)" == "404")
        switch HTTPResponse(status: .created).status {
        case .ok: Issue.record("201 matched .ok")
        case 201: break
        default: Issue.record("201 matched nothing")
        }
    }
}
