import Foundation
import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization
import Testing

private typealias A = AcceptFixture
private typealias AOps = AcceptFixture.Operations

/// Keeps the `Accept` field of every request as it arrived, before the generated server reads it.
private final class AcceptRecorder: ServerMiddleware {
    let received = Mutex<[String?]>([])

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        received.withLock { $0.append(request.headerFields["Accept"]) }
        return try await next(request, body, metadata)
    }
}

/// Answers with the content types the generated server read from `Accept`, in order.
private struct ReportServer: A.APIProtocol {
    func getReport(_ input: AOps.GetReport.Input) async throws -> AOps.GetReport.Output {
        .ok(.init(body: .json(.init(accepted: input.headers.accept.map(\.rawValue)))))
    }

    func ping(_ input: AOps.Ping.Input) async throws -> AOps.Ping.Output { .noContent(.init()) }
}

/// A call chooses its `Accept` the way swift-openapi-generator's do: `headers: .init(accept:)` with
/// `AcceptHeaderContentType`s of the operation's `AcceptableContentType`, every listed type (JSON first)
/// unless given; sent over a real socket exactly as chosen, and read by the server.
@Suite struct AcceptHeaderTests {
    fileprivate static func withServer(_ body: (MicroHTTPDServer, AcceptRecorder) async throws -> Void) async throws {
        let server = MicroHTTPDServer()
        let recorder = AcceptRecorder()
        try ReportServer().registerHandlers(on: server, middlewares: [recorder])
        try server.start()
        do {
            try await body(server, recorder)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func aChosenContentTypeIsExactlyTheHeaderSent() async throws {
        try await Self.withServer { server, recorder in
            let client = A.Client(serverURL: server.url, transport: DefaultTransport.make())
            let answer = try await client.getReport(headers: .init(accept: [.init(contentType: .json)]))
            #expect(try answer.ok.body.json.accepted == ["application/json"])
            #expect(recorder.received.withLock { $0 } == ["application/json"])
        }
    }

    @Test func theDefaultSendsEveryListedTypeJSONFirst() async throws {
        try await Self.withServer { server, recorder in
            let client = A.Client(serverURL: server.url, transport: DefaultTransport.make())
            let answer = try await client.getReport(AOps.GetReport.Input())
            #expect(try answer.ok.body.json.accepted == ["application/json", "text/plain"])
            #expect(recorder.received.withLock { $0 } == ["application/json, text/plain"])
        }
        // An operation whose responses have no body has no `accept:` and sends no `Accept`.
        let memory = InMemoryTransport()
        try ReportServer().registerHandlers(on: memory)
        _ = try await A.Client(serverURL: URL(string: "http://memory")!, transport: memory).ping().noContent
        #expect(memory.lastRequest.map { $0.headerFields["Accept"] == nil } == true)
    }

    @Test func qualitiesAndOtherTypesAreWrittenInOrder() async throws {
        try await Self.withServer { server, recorder in
            let client = A.Client(serverURL: server.url, transport: DefaultTransport.make())
            let accept: [AcceptHeaderContentType<AOps.GetReport.AcceptableContentType>] = [
                .init(contentType: .plainText), .init(contentType: .other("text/csv"), quality: 0.5),
                .init(contentType: .json, quality: 0),
            ]
            let answer = try await client.getReport(headers: .init(accept: accept))
            let sent = "text/plain, text/csv; q=0.500, application/json; q=0.000"
            #expect(recorder.received.withLock { $0 } == [sent])
            #expect(try answer.ok.body.json.accepted == sent.components(separatedBy: ", "))
        }
    }

    @Test func theServerReadsWhatItCanAndDefaultsWhenNothingIsSent() async throws {
        try await Self.withServer { server, _ in
            var request = HTTPRequest(method: .get, path: "/report")
            request.headerFields["Accept"] = "TEXT/Plain;q=0.8, */*, application/json; q=high"
            let (_, body) = try await DefaultTransport.make().send(
                request, body: nil, baseURL: server.url, operationID: "getReport")
            let bytes = try await body?.collect(upTo: 1 << 16) ?? []
            let payload = try JSONDecoder().decode(AOps.GetReport.Output.Ok.Body.JsonPayload.self, from: Data(bytes))
            #expect(payload.accepted == ["text/plain; q=0.800", "*/*"])
        }
        // A request with no `Accept` at all (a socket's transport always sends one): every listed type.
        let memory = InMemoryTransport()
        try ReportServer().registerHandlers(on: memory)
        let (_, body) = try await memory.send(
            HTTPRequest(method: .get, path: "/report"), body: nil, baseURL: URL(string: "http://memory")!,
            operationID: "getReport")
        let bytes = try await body?.collect(upTo: 1 << 16) ?? []
        let payload = try JSONDecoder().decode(AOps.GetReport.Output.Ok.Body.JsonPayload.self, from: Data(bytes))
        #expect(payload.accepted == ["application/json", "text/plain"])
    }

    @Test func aContentTypeReadsWithoutCaseAndKeepsWhatItDoesNotList() {
        typealias Listed = AOps.GetReport.AcceptableContentType
        #expect(Listed.allCases == [.json, .plainText])
        #expect(Listed(rawValue: "Application/JSON") == .json && Listed(rawValue: "image/png") == .other("image/png"))
        #expect(AcceptHeaderContentType<Listed>(rawValue: "text/plain; q=0.25")?.quality.doubleValue == 0.25)
        #expect(AcceptHeaderContentType<Listed>(rawValue: "text/plain; q=2") == nil)
        // The first `q` counts, after any other parameter; an entry with no type/subtype first is none.
        let leveled = AcceptHeaderContentType<Listed>(rawValue: " Text/Plain ;level=1; Q=0.3; q=0.9")
        #expect(leveled?.contentType == .plainText && leveled?.quality.doubleValue == 0.3)
        #expect(AcceptHeaderContentType<Listed>(rawValue: "; text/plain") == nil)
        #expect(AcceptHeaderContentType<Listed>(rawValue: "image/PNG")?.contentType == .other("image/png"))
        let sorted = [
            AcceptHeaderContentType<Listed>(contentType: .json, quality: 0.1), .init(contentType: .plainText),
        ]
        .sortedByQuality()
        #expect(sorted.map(\.contentType) == [.plainText, .json])
    }
}
