import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias P = ParametersFixture
private typealias Ops = ParametersFixture.Operations

/// Serves every operation of the parameters fixture, recording the input the server read.
private struct ParametersServer: P.APIProtocol {
    let received = Recorder<any Sendable>()

    private func read<Input: Sendable>(_ input: Input) { received.record(input) }

    func pathSimple(_ input: Ops.PathSimple.Input) async throws -> Ops.PathSimple.Output {
        read(input)
        return .noContent(.init())
    }
    func pathSimpleExplode(_ input: Ops.PathSimpleExplode.Input) async throws -> Ops.PathSimpleExplode.Output {
        read(input)
        return .noContent(.init())
    }
    func pathSimpleObject(_ input: Ops.PathSimpleObject.Input) async throws -> Ops.PathSimpleObject.Output {
        read(input)
        return .noContent(.init())
    }
    func pathLabel(_ input: Ops.PathLabel.Input) async throws -> Ops.PathLabel.Output {
        read(input)
        return .noContent(.init())
    }
    func pathLabelExplode(_ input: Ops.PathLabelExplode.Input) async throws -> Ops.PathLabelExplode.Output {
        read(input)
        return .noContent(.init())
    }
    func pathLabelObject(_ input: Ops.PathLabelObject.Input) async throws -> Ops.PathLabelObject.Output {
        read(input)
        return .noContent(.init())
    }
    func pathMatrix(_ input: Ops.PathMatrix.Input) async throws -> Ops.PathMatrix.Output {
        read(input)
        return .noContent(.init())
    }
    func pathMatrixExplode(_ input: Ops.PathMatrixExplode.Input) async throws -> Ops.PathMatrixExplode.Output {
        read(input)
        return .noContent(.init())
    }
    func pathMatrixObject(_ input: Ops.PathMatrixObject.Input) async throws -> Ops.PathMatrixObject.Output {
        read(input)
        return .noContent(.init())
    }
    func pathMatrixPrimitive(_ input: Ops.PathMatrixPrimitive.Input) async throws -> Ops.PathMatrixPrimitive.Output {
        read(input)
        return .noContent(.init())
    }
    func pathPrimitive(_ input: Ops.PathPrimitive.Input) async throws -> Ops.PathPrimitive.Output {
        read(input)
        return .noContent(.init())
    }
    func queryForm(_ input: Ops.QueryForm.Input) async throws -> Ops.QueryForm.Output {
        read(input)
        return .noContent(.init())
    }
    func queryFormNoExplode(_ input: Ops.QueryFormNoExplode.Input) async throws -> Ops.QueryFormNoExplode.Output {
        read(input)
        return .noContent(.init())
    }
    func queryFormObject(_ input: Ops.QueryFormObject.Input) async throws -> Ops.QueryFormObject.Output {
        read(input)
        return .noContent(.init())
    }
    func queryWhole(_ input: Ops.QueryWhole.Input) async throws -> Ops.QueryWhole.Output {
        read(input)
        return .noContent(.init())
    }
    func queryFormObjectNoExplode(
        _ input: Ops.QueryFormObjectNoExplode.Input
    ) async throws -> Ops.QueryFormObjectNoExplode.Output {
        read(input)
        return .noContent(.init())
    }
    func querySpace(_ input: Ops.QuerySpace.Input) async throws -> Ops.QuerySpace.Output {
        read(input)
        return .noContent(.init())
    }
    func queryPipe(_ input: Ops.QueryPipe.Input) async throws -> Ops.QueryPipe.Output {
        read(input)
        return .noContent(.init())
    }
    func queryDeep(_ input: Ops.QueryDeep.Input) async throws -> Ops.QueryDeep.Output {
        read(input)
        return .noContent(.init())
    }
    func queryMixed(_ input: Ops.QueryMixed.Input) async throws -> Ops.QueryMixed.Output {
        read(input)
        return .noContent(.init())
    }
    func headerStyles(_ input: Ops.HeaderStyles.Input) async throws -> Ops.HeaderStyles.Output {
        read(input)
        return .noContent(.init())
    }
    func cookieStyles(_ input: Ops.CookieStyles.Input) async throws -> Ops.CookieStyles.Output {
        read(input)
        return .noContent(.init())
    }
}

/// Every parameter style survives the generated client's writing and the generated server's reading,
/// and goes on the wire exactly as the OpenAPI specification's style examples show.
@Suite struct ParameterStyleTests {
    private let transport = InMemoryTransport()
    private let server = ParametersServer()
    private let client: P.Client
    private let person = P.Components.Schemas.Person(role: "admin", firstName: "Alex")

    init() throws {
        try server.registerHandlers(on: transport)
        client = P.Client(serverURL: testServerURL, transport: transport)
    }

    /// Sends `input` with `call`, then answers the request head on the wire and whether the server read `input` back.
    private func send<Input: Equatable & Sendable>(
        _ input: Input, _ call: (P.Client, Input) async throws -> Void
    ) async throws -> (HTTPRequest, Bool) {
        try await call(client, input)
        let request = try #require(transport.lastRequest)
        return (request, server.received.last as? Input == input)
    }

    @Test func pathSimple() async throws {
        var (request, same) = try await send(Ops.PathSimple.Input(path: .init(id: [3, 4, 5]))) {
            _ = try await $0.pathSimple($1).noContent
        }
        #expect(request.path == "/path/simple/3,4,5")
        #expect(same)
        (request, same) = try await send(Ops.PathSimpleObject.Input(path: .init(id: person))) {
            _ = try await $0.pathSimpleObject($1).noContent
        }
        #expect(request.path == "/path/simple-object/role,admin,firstName,Alex")
        #expect(same)
        (request, same) = try await send(Ops.PathSimpleExplode.Input(path: .init(id: person))) {
            _ = try await $0.pathSimpleExplode($1).noContent
        }
        #expect(request.path == "/path/simple-explode/role=admin,firstName=Alex")
        #expect(same)
        (request, same) = try await send(Ops.PathPrimitive.Input(path: .init(id: "a b/c?d"))) {
            _ = try await $0.pathPrimitive($1).noContent
        }
        #expect(request.path == "/path/primitive/a%20b%2Fc%3Fd")
        #expect(same)
    }

    @Test func pathLabel() async throws {
        var (request, same) = try await send(Ops.PathLabel.Input(path: .init(id: [3, 4, 5]))) {
            _ = try await $0.pathLabel($1).noContent
        }
        #expect(request.path == "/path/label/.3,4,5")
        #expect(same)
        (request, same) = try await send(Ops.PathLabelExplode.Input(path: .init(id: [3, 4, 5]))) {
            _ = try await $0.pathLabelExplode($1).noContent
        }
        #expect(request.path == "/path/label-explode/.3.4.5")
        #expect(same)
        (request, same) = try await send(Ops.PathLabelObject.Input(path: .init(id: person))) {
            _ = try await $0.pathLabelObject($1).noContent
        }
        #expect(request.path == "/path/label-object/.role=admin.firstName=Alex")
        #expect(same)
    }

    @Test func pathMatrix() async throws {
        var (request, same) = try await send(Ops.PathMatrix.Input(path: .init(id: [3, 4, 5]))) {
            _ = try await $0.pathMatrix($1).noContent
        }
        #expect(request.path == "/path/matrix/;id=3,4,5")
        #expect(same)
        (request, same) = try await send(Ops.PathMatrixExplode.Input(path: .init(id: [3, 4, 5]))) {
            _ = try await $0.pathMatrixExplode($1).noContent
        }
        #expect(request.path == "/path/matrix-explode/;id=3;id=4;id=5")
        #expect(same)
        (request, same) = try await send(Ops.PathMatrixObject.Input(path: .init(id: person))) {
            _ = try await $0.pathMatrixObject($1).noContent
        }
        #expect(request.path == "/path/matrix-object/;role=admin;firstName=Alex")
        #expect(same)
        (request, same) = try await send(Ops.PathMatrixPrimitive.Input(path: .init(id: 5))) {
            _ = try await $0.pathMatrixPrimitive($1).noContent
        }
        #expect(request.path == "/path/matrix-primitive/;id=5")
        #expect(same)
    }

    @Test func queryForm() async throws {
        var (request, same) = try await send(Ops.QueryForm.Input(query: .init(id: [3, 4, 5]))) {
            _ = try await $0.queryForm($1).noContent
        }
        #expect(request.path == "/query/form?id=3&id=4&id=5")
        #expect(same)
        (request, same) = try await send(Ops.QueryFormNoExplode.Input(query: .init(id: [3, 4, 5]))) {
            _ = try await $0.queryFormNoExplode($1).noContent
        }
        #expect(request.path == "/query/form-no-explode?id=3,4,5")
        #expect(same)
        (request, same) = try await send(Ops.QueryFormObject.Input(query: .init(id: person))) {
            _ = try await $0.queryFormObject($1).noContent
        }
        #expect(request.path == "/query/form-object?role=admin&firstName=Alex")
        #expect(same)
        (request, same) = try await send(Ops.QueryFormObjectNoExplode.Input(query: .init(id: person))) {
            _ = try await $0.queryFormObjectNoExplode($1).noContent
        }
        #expect(request.path == "/query/form-object-no-explode?id=role,admin,firstName,Alex")
        #expect(same)
    }

    @Test func aQuerystringFormIsTheWholeQuery() async throws {
        let (request, same) = try await send(Ops.QueryWhole.Input(query: .init(search: person))) {
            _ = try await $0.queryWhole($1).noContent
        }
        #expect(request.path == "/query/whole?role=admin&firstName=Alex")
        #expect(same)
    }

    @Test func queryDelimitedAndDeepObject() async throws {
        var (request, same) = try await send(Ops.QuerySpace.Input(query: .init(id: [3, 4, 5]))) {
            _ = try await $0.querySpace($1).noContent
        }
        #expect(request.path == "/query/space?id=3%204%205")
        #expect(same)
        (request, same) = try await send(Ops.QueryPipe.Input(query: .init(id: [3, 4, 5]))) {
            _ = try await $0.queryPipe($1).noContent
        }
        #expect(request.path == "/query/pipe?id=3|4|5")
        #expect(same)
        (request, same) = try await send(Ops.QueryDeep.Input(query: .init(id: person))) {
            _ = try await $0.queryDeep($1).noContent
        }
        #expect(request.path == "/query/deep?id%5Brole%5D=admin&id%5BfirstName%5D=Alex")
        #expect(same)
    }

    @Test func queryPrimitivesAndAbsentValues() async throws {
        let since = Date(timeIntervalSince1970: 1_700_000_000)
        var (request, same) = try await send(
            Ops.QueryMixed.Input(query: .init(q: "a&b=c d+e", limit: 10, since: since, color: .green))
        ) { _ = try await $0.queryMixed($1).noContent }
        #expect(request.path == "/query/mixed?q=a%26b%3Dc%20d%2Be&limit=10&since=2023-11-14T22%3A13%3A20Z&color=green")
        #expect(same)
        (request, same) = try await send(Ops.QueryMixed.Input(query: .init(q: ""))) {
            _ = try await $0.queryMixed($1).noContent
        }
        #expect(request.path == "/query/mixed?q=")
        #expect(same)
        (request, same) = try await send(Ops.QueryMixed.Input(query: .init(q: "x", color: .unknown("blue")))) {
            _ = try await $0.queryMixed($1).noContent
        }
        #expect(request.path == "/query/mixed?q=x&color=blue")
        #expect(same)
    }

    @Test func aMissingRequiredQueryParameterIsABadRequest() async throws {
        let (response, _) = try await transport.send(
            HTTPRequest(method: .get, path: "/query/mixed?limit=1"), body: nil, baseURL: testServerURL,
            operationID: "queryMixed")
        #expect(response.status == 400)
        let (wrongType, _) = try await transport.send(
            HTTPRequest(method: .get, path: "/query/mixed?q=a&limit=many"), body: nil, baseURL: testServerURL,
            operationID: "queryMixed")
        #expect(wrongType.status == 400)
    }

    @Test func headerSimple() async throws {
        let input = Ops.HeaderStyles.Input(
            headers: .init(xName: "Ada Lovelace", xIds: [3, 4, 5], xPerson: person, xPersonExplode: person))
        var (request, same) = try await send(input) { _ = try await $0.headerStyles($1).noContent }
        #expect(request.headerFields["X-Name"] == "Ada Lovelace")
        #expect(request.headerFields["X-Ids"] == "3,4,5")
        #expect(request.headerFields["X-Person"] == "role,admin,firstName,Alex")
        #expect(request.headerFields["X-Person-Explode"] == "role=admin,firstName=Alex")
        #expect(same)
        (request, same) = try await send(Ops.HeaderStyles.Input(headers: .init(xName: "only"))) {
            _ = try await $0.headerStyles($1).noContent
        }
        #expect(request.headerFields["X-Ids"] == nil)
        #expect(same)
    }

    @Test func cookieForm() async throws {
        let input = Ops.CookieStyles.Input(
            cookies: .init(session: "abc", ids: [3, 4, 5], person: person, tags: ["a", "b"]))
        var (request, same) = try await send(input) { _ = try await $0.cookieStyles($1).noContent }
        #expect(
            request.headerFields["Cookie"] == "session=abc; ids=3,4,5; person=role,admin,firstName,Alex; tags=a; tags=b"
        )
        #expect(same)
        (request, same) = try await send(Ops.CookieStyles.Input(cookies: .init(session: "s"))) {
            _ = try await $0.cookieStyles($1).noContent
        }
        #expect(request.headerFields["Cookie"] == "session=s")
        #expect(same)
    }
}
