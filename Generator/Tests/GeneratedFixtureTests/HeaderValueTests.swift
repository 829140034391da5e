import Foundation
import MarfaHTTP
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Testing

private typealias H = HeadersFixture
private typealias HOps = HeadersFixture.Operations

/// Answers the request's headers as the generated server read them, with a `RateLimit` whose value
/// holds commas and spaces and an `X-Tags` list.
private struct LimitsServer: H.APIProtocol {
    func getLimits(_ input: HOps.GetLimits.Input) async throws -> HOps.GetLimits.Output {
        let read = HOps.GetLimits.Output.Ok.Body.JsonPayload(
            note: input.headers.xNote, cacheControl: input.headers.cacheControl, ids: input.headers.xIds)
        return .ok(
            .init(
                headers: .init(rateLimit: "limit=100, remaining=98, reset=60", xTags: ["a b", "c"]), body: .json(read)))
    }
}

/// A header whose schema is a string is its field value exactly as sent, commas, quotes and inner
/// spaces included, both ways over a real socket; only a list splits, at its commas.
@Suite struct HeaderValueTests {
    static func withServer(_ body: (MicroHTTPDServer) async throws -> Void) async throws {
        let server = MicroHTTPDServer()
        try LimitsServer().registerHandlers(on: server)
        try server.start()
        do {
            try await body(server)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func stringHeadersKeepTheirCommasAndSpacesBothWays() async throws {
        try await Self.withServer { server in
            let client = H.Client(serverURL: server.url, transport: DefaultTransport.make())
            let note = #"a, "b, c",  d"#
            let answer = try await client.getLimits(
                headers: .init(xNote: note, cacheControl: "no-cache, max-age=0", xIds: [3, 4]))
            let ok = try answer.ok
            #expect(ok.headers.rateLimit == "limit=100, remaining=98, reset=60")
            #expect(ok.headers.xTags == ["a b", "c"])
            let read = try ok.body.json
            #expect(read.note == note)
            #expect(read.cacheControl == "no-cache, max-age=0")
            #expect(read.ids == [3, 4])
        }
    }

    @Test func aRepeatedFieldReadsAsItsValuesJoinedAndAListAsEveryPart() async throws {
        try await Self.withServer { server in
            var request = HTTPRequest(method: .get, path: "/limits")
            request.headerFields.append(name: "X-Note", value: "first, one")
            request.headerFields.append(name: "X-Note", value: "second")
            request.headerFields.append(name: "X-Ids", value: "1, 2")
            request.headerFields.append(name: "X-Ids", value: "3")
            let (_, body) = try await DefaultTransport.make().send(
                request, body: nil, baseURL: server.url, operationID: "getLimits")
            let bytes = try await body?.collect(upTo: 1 << 16) ?? []
            let read = try JSONDecoder().decode(HOps.GetLimits.Output.Ok.Body.JsonPayload.self, from: Data(bytes))
            #expect(read.note == "first, one, second")
            #expect(read.ids == [1, 2, 3])
        }
    }

    @Test func theReaderKeepsAPrimitiveWholeAndSplitsAList() {
        #expect(
            URIStyleCoder.readHeader("  limit=100, remaining=98 ", explode: false, shape: .primitive)
                == .primitive("limit=100, remaining=98"))
        #expect(URIStyleCoder.readHeader("a, b ,c", explode: false, shape: .array) == .array(["a", "b", "c"]))
    }
}
