import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias Ops = DefaultsFixture.Operations

/// Serves the defaults fixture's search, recording the input the server read.
private struct SearchServer: DefaultsFixture.APIProtocol {
    let received = Recorder<Ops.Search.Input>()

    func search(_ input: Ops.Search.Input) async throws -> Ops.Search.Output {
        received.record(input)
        return .noContent(.init())
    }
}

/// Optional query, header and cookie parameters with a schema `default` (defaults.yaml): the Input
/// holds the default, so the client sends it, and a server reading a request without the parameter
/// sees the default.
@Suite struct ParameterDefaultTests {
    private let transport = InMemoryTransport()
    private let server = SearchServer()
    private let client: DefaultsFixture.Client

    init() throws {
        try server.registerHandlers(on: transport)
        client = DefaultsFixture.Client(serverURL: testServerURL, transport: transport)
    }

    @Test func theInputHoldsTheDefaults() {
        let query = Ops.Search.Input.Query()
        #expect(query.limit == 20)
        // A parameter whose schema is a `$ref` takes the referenced schema's default.
        #expect(query.status == .active)
        #expect(query.order == .desc)
        #expect(query.fields == ["id", "name"])
        #expect(query.q == nil)
        // A parameter that allows null stays optional: nil leaves it out.
        #expect(query.offset == 0)
        #expect(Ops.Search.Input.Headers().xPageSize == 50)
        #expect(Ops.Search.Input.Cookies().theme == "light")
    }

    @Test func theClientSendsTheDefaultsAndTheServerReadsThem() async throws {
        _ = try await client.search(path: .init(kind: "books")).noContent
        let request = try #require(transport.lastRequest)
        #expect(request.path == "/search/books?limit=20&status=active&order=desc&fields=id,name&offset=0")
        #expect(request.headerFields["X-Page-Size"] == "50")
        #expect(request.headerFields["Cookie"] == "theme=light")
        #expect(server.received.last == Ops.Search.Input(path: .init(kind: "books")))
    }

    @Test func aServerReadsALeftOutParameterAsItsDefault() async throws {
        let (response, _) = try await transport.send(
            HTTPRequest(method: .get, path: "/search/books"), body: nil, baseURL: testServerURL, operationID: "search")
        #expect(response.status == 204)
        #expect(server.received.last == Ops.Search.Input(path: .init(kind: "books")))
        let (partial, _) = try await transport.send(
            HTTPRequest(method: .get, path: "/search/books?limit=7&order=asc&q=x", headerFields: ["X-Page-Size": "5"]),
            body: nil, baseURL: testServerURL, operationID: "search")
        #expect(partial.status == 204)
        let input = try #require(server.received.last)
        #expect(
            input.query == .init(limit: 7, status: .active, order: .asc, fields: ["id", "name"], q: "x", offset: 0))
        #expect(input.headers.xPageSize == 5)
        #expect(input.cookies.theme == "light")
    }

    @Test func givenValuesReplaceTheDefaults() async throws {
        let input = Ops.Search.Input(
            path: .init(kind: "films"),
            query: .init(limit: 1, status: .paused, order: .asc, fields: ["id"], q: "noir", offset: nil),
            headers: .init(xPageSize: 10), cookies: .init(theme: "dark"))
        _ = try await client.search(input).noContent
        let request = try #require(transport.lastRequest)
        #expect(request.path == "/search/films?limit=1&status=paused&order=asc&fields=id&q=noir")
        // A server reads the parameter left out (offset) as its default.
        #expect(
            server.received.last?.query
                == .init(limit: 1, status: .paused, order: .asc, fields: ["id"], q: "noir", offset: 0))
        #expect(request.headerFields["X-Page-Size"] == "10")
        #expect(request.headerFields["Cookie"] == "theme=dark")
        #expect(server.received.last?.path == input.path)
        #expect(server.received.last?.headers == input.headers)
        #expect(server.received.last?.cookies == input.cookies)
    }
}
