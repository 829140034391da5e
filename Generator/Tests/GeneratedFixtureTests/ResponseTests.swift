import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias R = ResponsesFixture
private typealias ROps = ResponsesFixture.Operations

/// Answers `getThing` by its id: 1 is 200 with headers, 2 is 404, 3 is 203 (the 2XX range), any other 500 (default).
/// `deleteAll` answers 204, or an undocumented 302 when `moved`.
private struct ThingServer: R.APIProtocol {
    var moved = false

    func getThing(_ input: ROps.GetThing.Input) async throws -> ROps.GetThing.Output {
        switch input.path.id {
        case 1: return .ok(.init(headers: .init(xRateLimit: 99, xTags: ["a", "b"]), body: .json(.init(id: 1))))
        case 2: return .notFound(.init(body: .json(.init(message: "no thing 2"))))
        case 3: return .successful(statusCode: 203, .init(body: .json(.init(id: 3))))
        default: return .default(statusCode: 500, .init(body: .json(.init(message: "broken"))))
        }
    }

    func deleteAll(_ input: ROps.DeleteAll.Input) async throws -> ROps.DeleteAll.Output {
        guard moved else { return .noContent(.init()) }
        var fields = HTTPFields()
        fields["Location"] = "/elsewhere"
        return .undocumented(statusCode: 302, UndocumentedPayload(headerFields: fields, body: nil))
    }
}

/// Responses by code, by range and by default, with headers, through the generated client and server.
@Suite struct ResponseTests {
    private let transport = InMemoryTransport()
    private let client: R.Client

    init() throws {
        try ThingServer().registerHandlers(on: transport)
        client = R.Client(serverURL: testServerURL, transport: transport)
    }

    @Test func byCodeWithHeaders() async throws {
        let ok = try await client.getThing(path: .init(id: 1)).ok
        #expect(ok.headers.xRateLimit == 99)
        #expect(ok.headers.xTags == ["a", "b"])
        #expect(try ok.body.json == .init(id: 1))
        #expect(transport.lastRequest?.path == "/things/1")
    }

    @Test func byComponentResponse() async throws {
        let output = try await client.getThing(path: .init(id: 2))
        #expect(try output.notFound.body.json.message == "no thing 2")
        #expect(throws: UnexpectedResponseError.self) { try output.ok }
    }

    @Test func byRange() async throws {
        let output = try await client.getThing(path: .init(id: 3))
        guard case .successful(let status, let response) = output else {
            Issue.record("expected the 2XX response, got \(output)")
            return
        }
        #expect(status == 203)
        #expect(try response.body.json == .init(id: 3))
        #expect(try output.successful.body.json.id == 3)
    }

    @Test func byDefault() async throws {
        let output = try await client.getThing(path: .init(id: 4))
        guard case .default(let status, let response) = output else {
            Issue.record("expected the default response, got \(output)")
            return
        }
        #expect(status == 500)
        #expect(try response.body.json.message == "broken")
    }

    @Test func emptyAndUndocumented() async throws {
        _ = try await client.deleteAll().noContent
        #expect(transport.lastRequest?.method == .delete)
        let movedTransport = InMemoryTransport()
        try ThingServer(moved: true).registerHandlers(on: movedTransport)
        let output = try await R.Client(serverURL: testServerURL, transport: movedTransport).deleteAll()
        guard case .undocumented(let status, let payload) = output else {
            Issue.record("expected an undocumented response, got \(output)")
            return
        }
        #expect(status == 302)
        #expect(payload.headerFields["Location"] == "/elsewhere")
    }

    @Test func aMissingRequiredResponseHeaderIsAClientError() async throws {
        let bare = BareTransport()
        let client = R.Client(serverURL: testServerURL, transport: bare)
        await #expect(throws: ClientError.self) { _ = try await client.getThing(path: .init(id: 1)) }
    }
}

/// Answers 200 JSON without the required `X-Rate-Limit` header.
private struct BareTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var response = HTTPResponse(status: 200)
        response.headerFields["Content-Type"] = "application/json"
        return (response, HTTPBody("{\"id\":1}"))
    }
}
