import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias S = StreamingFixture
private typealias SOps = StreamingFixture.Operations

/// Streams three ticks as server-sent events and as JSON Lines.
private struct TickServer: S.APIProtocol {
    static let ticks = [S.Components.Schemas.Tick(n: 1, label: "one"), .init(n: 2), .init(n: 3, label: "three\nlines")]

    func streamEvents(_ input: SOps.StreamEvents.Input) async throws -> SOps.StreamEvents.Output {
        let events = try Self.ticks.map { ServerSentEvent(id: String($0.n), event: "tick", data: try jsonText($0)) }
        return .ok(.init(body: .textEventStream(HTTPBody(serverSentEvents: events.async))))
    }

    func streamLines(_ input: SOps.StreamLines.Input) async throws -> SOps.StreamLines.Output {
        .ok(.init(body: .jsonLines(HTTPBody(jsonLines: Self.ticks.async))))
    }
}

extension Array where Element: Sendable {
    /// The elements as an asynchronous sequence.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}

@Suite struct StreamingTests {
    private let transport = InMemoryTransport()
    private let client: S.Client

    init() throws {
        try TickServer().registerHandlers(on: transport)
        client = S.Client(serverURL: testServerURL, transport: transport)
    }

    @Test func serverSentEvents() async throws {
        let body = try await client.streamEvents().ok.body.textEventStream
        #expect(transport.lastRequest?.headerFields["Accept"] == "text/event-stream")
        var ticks: [S.Components.Schemas.Tick] = []
        var ids: [String?] = []
        for try await (event, data) in body.asDecodedServerSentEventsWithJSONData(of: S.Components.Schemas.Tick.self) {
            #expect(event.event == "tick")
            ids.append(event.id)
            if let data { ticks.append(data) }
        }
        #expect(ids == ["1", "2", "3"])
        #expect(ticks == TickServer.ticks)
    }

    @Test func jsonLines() async throws {
        let body = try await client.streamLines().ok.body.jsonLines
        #expect(transport.lastRequest?.headerFields["Accept"] == "application/jsonl")
        var ticks: [S.Components.Schemas.Tick] = []
        for try await tick in body.asDecodedJSONLines(of: S.Components.Schemas.Tick.self) { ticks.append(tick) }
        #expect(ticks == TickServer.ticks)
    }
}

@Suite struct ServerVariableTests {
    @Test func variablesHaveDefaultsAndAllowedValues() throws {
        #expect(try ServersFixture.Servers.Server1.url() == URL(string: "https://eu.example.com:8443/v1"))
        #expect(
            try ServersFixture.Servers.Server1.url(region: "us", port: "443", basePath: "v2")
                == URL(string: "https://us.example.com:443/v2"))
        #expect(ServersFixture.Servers.Server1.regionValues == ["eu", "us"])
        #expect(try ServersFixture.Servers.Server2.url() == URL(string: "http://localhost:8080"))
    }

    @Test func anOperationWithServersOfItsOwnGoesThereUnlessTheCallSaysOtherwise() async throws {
        let transport = BaseURLRecorder()
        let client = ServersFixture.Client(serverURL: URL(string: "https://api.example.com")!, transport: transport)
        _ = try await client.upload(.init(body: .binary(HTTPBody("x"))))
        _ = try await client.listUploads(.init())
        _ = try await client.getStatus(.init())
        _ = try await client.upload(
            .init(body: .binary(HTTPBody("y")), serverURL: URL(string: "https://eu.upload.example.com/v3")!))
        #expect(
            transport.baseURLs.all == [
                "https://upload.example.com/v2",  // the path item's server
                "https://read.example.com/api",  // the operation's own, over the path item's
                "https://api.example.com",  // no servers of its own: the client's
                "https://eu.upload.example.com/v3",  // the call's
            ])
        #expect(
            try ServersFixture.Operations.Upload.Servers.Server1.url(version: "v9")
                == URL(string: "https://upload.example.com/v9"))
    }

    @Test func aClientUsesTheServerURLsPathAsPrefix() async throws {
        // The server side mounts the operations under the server URL's path, as the client sends them.
        let transport = InMemoryTransport()
        try SecureServer().registerHandlers(on: transport, serverURL: URL(string: "https://api.example.com/v1")!)
        let (response, _) = try await transport.send(
            HTTPRequest(method: .get, path: "/v1/public"), body: nil, baseURL: testServerURL, operationID: "getPublic")
        #expect(response.status == 204)
    }
}

private typealias Sec = SecurityFixture

/// The security fixture's operations; credentials travel in headers the transport or a middleware sets.
private struct SecureServer: Sec.APIProtocol {
    func getSecret(_ input: Sec.Operations.GetSecret.Input) async throws -> Sec.Operations.GetSecret.Output {
        .ok(.init(body: .plainText(HTTPBody("hidden"))))
    }
    func getPublic(_ input: Sec.Operations.GetPublic.Input) async throws -> Sec.Operations.GetPublic.Output {
        .noContent(.init())
    }
    func getKeyed(_ input: Sec.Operations.GetKeyed.Input) async throws -> Sec.Operations.GetKeyed.Output {
        .noContent(.init())
    }
}

@Suite struct SecurityTests {
    @Test func schemesAndRequirementsAreGenerated() {
        #expect(Sec.Components.SecuritySchemes.all["bearer"] == .http(scheme: "bearer"))
        #expect(Sec.Components.SecuritySchemes.apiKey == .apiKey(name: "X-API-Key", location: .header))
        #expect(Sec.Components.SecuritySchemes.oauth == .oauth2)
        #expect(Sec.Operations.securityRequirements["getSecret"] == [["bearer"]])
        #expect(Sec.Operations.securityRequirements["getPublic"] == [])
        #expect(Sec.Operations.securityRequirements["getKeyed"] == [["apiKey"], ["basic"]])
    }

    /// The middleware applies the first alternative the application holds every credential of.
    fileprivate func client(_ transport: InMemoryTransport, _ held: [String: SecurityCredential]) -> Sec.Client {
        let authentication = AuthenticationMiddleware(
            schemes: Sec.Components.SecuritySchemes.all, requirements: Sec.Operations.securityRequirements,
            credential: { held[$0] })
        return Sec.Client(serverURL: testServerURL, transport: transport, middlewares: [authentication])
    }

    @Test func credentialsGoWhereEachOperationsRequirementSays() async throws {
        let transport = InMemoryTransport()
        try SecureServer().registerHandlers(on: transport)
        let full = client(transport, ["bearer": .bearer("token-1"), "basic": .basic(user: "ada", password: "pw")])
        let secret = try await full.getSecret().ok.body.plainText
        #expect(try await String(collecting: secret, upTo: 100) == "hidden")
        #expect(transport.lastRequest?.headerFields["Authorization"] == "Bearer token-1")

        _ = try await full.getPublic().noContent
        #expect(transport.lastRequest?.headerFields["Authorization"] == nil)

        // apiKey is not held, so the second alternative (basic) is used.
        _ = try await full.getKeyed().noContent
        #expect(transport.lastRequest?.headerFields["Authorization"] == "Basic YWRhOnB3")
        #expect(transport.lastRequest?.headerFields["X-API-Key"] == nil)

        let keyed = client(transport, ["apiKey": .value("k-1"), "basic": .basic(user: "ada", password: "pw")])
        _ = try await keyed.getKeyed().noContent
        #expect(transport.lastRequest?.headerFields["X-API-Key"] == "k-1")
        #expect(transport.lastRequest?.headerFields["Authorization"] == nil)

        let none = client(transport, [:])
        _ = try await none.getKeyed().noContent
        #expect(
            transport.lastRequest?.headerFields["Authorization"] == nil
                && transport.lastRequest?.headerFields["X-API-Key"] == nil)
    }
}

/// Answers 204 to everything and records the base URL of each request.
private final class BaseURLRecorder: ClientTransport, Sendable {
    let baseURLs = Recorder<String>()

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        baseURLs.record(baseURL.absoluteString)
        return (HTTPResponse(status: 204), nil)
    }
}
