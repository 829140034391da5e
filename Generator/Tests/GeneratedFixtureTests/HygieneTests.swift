import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias H = HygieneFixture
private typealias HOps = HygieneFixture.Operations

/// The hygiene fixture names schemas, properties, parameters and operations after every identifier
/// the generated code writes; that it compiles at all is half the test, and these check that each
/// name still means the document's value, not the generated code's own.
@Suite struct HygieneTests {
    /// `container`, `encoder` and `decoder` are the coding's own locals and parameters; the deprecated
    /// `public` is stored apart from `_public`, its escape's neighbour.
    @Test @available(*, deprecated) func propertiesNamedAfterTheCodingsLocalsCodeTheirOwnValues() throws {
        var value = H.Components.Schemas.Container(
            container: "c", encoder: 7, decoder: true, additionalProperties: ["extra": 1])
        value._public = "deprecated public"
        value._public_2 = "underscore public"
        value._type = "deprecated type"
        value.additionalProperties_2 = "a property"
        value.box = H.Components.Schemas.Container(
            container: "inner", encoder: 0, decoder: false, additionalProperties: [:])
        let text = try jsonText(value)
        #expect(text.contains(#""container":"c""#))
        #expect(text.contains(#""encoder":7"#))
        #expect(text.contains(#""decoder":true"#))
        #expect(text.contains(#""public":"deprecated public""#))
        #expect(text.contains(#""_public":"underscore public""#))
        #expect(text.contains(#""additionalProperties":"a property""#))
        #expect(text.contains(#""extra":1"#))
        #expect(try roundTrip(value) == value)
    }

    @Test func enumCasesNamedAfterTheEnumsOwnMembersKeepTheirValues() throws {
        #expect(try roundTrip(H.Components.Schemas.Swift_.rawValue_2) == .rawValue_2)
        #expect(H.Components.Schemas.Swift_(rawValue: "allCases") == .allCases_2)
        #expect(H.Components.Schemas.Swift_.allCases.count == 7)
    }

    /// Parameters named after the client's locals and helpers reach the request under their own names.
    @Test func parametersNamedAfterTheClientsLocalsAreSent() async throws {
        let transport = InMemoryTransport()
        try EchoServer().registerHandlers(on: transport, serverURL: testServerURL)
        let client = H.Client(serverURL: testServerURL, transport: transport)
        let output = try await client.container(
            path: .init(container: "a", encoder: "b", decoder: 3),
            query: .init(input: "i", request: ["r1", "r2"], body: true, converter: 1.5, _self: "s"),
            headers: .init(transport: "t", status: 9))
        let received = try output.ok.body.json
        #expect(received.container == "a/b/3")
        #expect(received.key == "i r1,r2 true 1.5 s t 9")
        #expect(try output.ok.headers.response == "ok")
    }
}

/// Answers `container` with what it received, in fields of the same confusing names.
private struct EchoServer: H.APIProtocol {
    func container(_ input: HOps.Container.Input) async throws -> HOps.Container.Output {
        let path = input.path
        let query = input.query
        let echoed = [
            query.input ?? "-", (query.request ?? []).joined(separator: ","), query.body.map { "\($0)" } ?? "-",
            query.converter.map { "\($0)" } ?? "-", query._self ?? "-", input.headers.transport ?? "-",
            input.headers.status.map { "\($0)" } ?? "-",
        ]
        var value = H.Components.Schemas.Container(
            container: "\(path.container)/\(path.encoder)/\(path.decoder)", encoder: 0, decoder: false,
            additionalProperties: [:])
        value.key = echoed.joined(separator: " ")
        return .ok(.init(headers: .init(response: "ok"), body: .json(value)))
    }

    func send(_ input: HOps.Send.Input) async throws -> HOps.Send.Output { .undocumented(statusCode: 501, .init()) }
    func registerHandlers_2(_ input: HOps.RegisterHandlers.Input) async throws -> HOps.RegisterHandlers.Output {
        .noContent(.init())
    }
    func input(_ input: HOps.Input_.Input) async throws -> HOps.Input_.Output {
        .undocumented(statusCode: 501, .init())
    }
}
