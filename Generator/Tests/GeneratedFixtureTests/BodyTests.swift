import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias B = BodiesFixture
private typealias BOps = BodiesFixture.Operations

/// Answers each body with the same content back.
private struct EchoServer: B.APIProtocol {
    let received = Recorder<String>()

    func postJSON(_ input: BOps.PostJSON.Input) async throws -> BOps.PostJSON.Output {
        guard case .json(let item) = input.body else { throw CancellationError() }
        return .ok(.init(body: .json(item)))
    }

    func postOptional(_ input: BOps.PostOptional.Input) async throws -> BOps.PostOptional.Output {
        let answer: String
        switch input.body {
        case .json(let item): answer = "item \(item.name)"
        case nil: answer = "no body"
        }
        return .ok(.init(body: .plainText(HTTPBody(answer))))
    }

    func postForm(_ input: BOps.PostForm.Input) async throws -> BOps.PostForm.Output {
        guard case .urlEncodedForm(let login) = input.body else { throw CancellationError() }
        return .ok(.init(body: .urlEncodedForm(login)))
    }

    func postMultipart(_ input: BOps.PostMultipart.Input) async throws -> BOps.PostMultipart.Output {
        guard case .multipartForm(let parts) = input.body else { throw CancellationError() }
        return .ok(.init(body: .multipartForm(MultipartBody(parts: parts.parts.reversed(), boundary: "answer"))))
    }

    func putBinary(_ input: BOps.PutBinary.Input) async throws -> BOps.PutBinary.Output {
        guard case .binary(let body) = input.body else { throw CancellationError() }
        return .ok(.init(body: .binary(HTTPBody(try await body.collect(upTo: 1 << 20).reversed()))))
    }

    func putText(_ input: BOps.PutText.Input) async throws -> BOps.PutText.Output {
        switch input.body {
        case .plainText(let body):
            return .ok(
                .init(body: .plainText(HTTPBody("text: " + (try await String(collecting: body, upTo: 1 << 20))))))
        case .json(let item):
            return .ok(.init(body: .plainText(HTTPBody("json: " + item.name))))
        }
    }
}

/// Request and response bodies of every kind, through the generated client and server.
@Suite struct BodyTests {
    private let transport = InMemoryTransport()
    private let client: B.Client

    init() throws {
        try EchoServer().registerHandlers(on: transport)
        client = B.Client(serverURL: testServerURL, transport: transport)
    }

    private func text(_ body: HTTPBody) async throws -> String { try await String(collecting: body, upTo: 1 << 20) }

    @Test func json() async throws {
        let item = B.Components.Schemas.Item(name: "pen", count: 2)
        let answer = try await client.postJSON(body: .json(item)).ok.body.json
        #expect(answer == item)
        let request = try #require(transport.lastRequest)
        #expect(request.headerFields["Content-Type"] == "application/json")
        #expect(request.headerFields["Accept"] == "application/json")
        #expect(request.method == .post)
    }

    @Test func optionalBody() async throws {
        #expect(try await text(client.postOptional(body: nil).ok.body.plainText) == "no body")
        #expect(transport.lastRequest?.headerFields["Content-Type"] == nil)
        #expect(try await text(client.postOptional(body: .json(.init(name: "cup"))).ok.body.plainText) == "item cup")
    }

    @Test func formURLEncoded() async throws {
        let login = B.Components.Schemas.Login(user: "ada lovelace&co", remember: true, note: nil)
        let answer = try await client.postForm(body: .urlEncodedForm(login)).ok.body.urlEncodedForm
        #expect(answer == login)
        #expect(transport.lastRequest?.headerFields["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func multipart() async throws {
        let parts = MultipartBody(
            parts: [
                .init(name: "title", body: Array("Hello".utf8)),
                .init(
                    name: "file", filename: "a.bin", contentType: "application/octet-stream",
                    body: [0, 1, 2, 13, 10, 255]),
            ], boundary: "request-boundary")
        let answer = try await client.postMultipart(body: .multipartForm(parts)).ok.body.multipartForm
        #expect(transport.lastRequest?.headerFields["Content-Type"] == "multipart/form-data; boundary=request-boundary")
        #expect(answer.parts.map(\.name) == ["file", "title"])
        #expect(answer.parts(named: "file").first?.body == [0, 1, 2, 13, 10, 255])
        #expect(answer.parts(named: "file").first?.filename == "a.bin")
        #expect(answer.parts(named: "title").first?.body == Array("Hello".utf8))
    }

    @Test func octetStream() async throws {
        let bytes: [UInt8] = [0, 1, 2, 3, 254, 255]
        let answer = try await client.putBinary(body: .binary(HTTPBody(bytes))).ok.body.binary
        #expect(try await answer.collect(upTo: 100) == bytes.reversed())
        #expect(transport.lastRequest?.headerFields["Content-Type"] == "application/octet-stream")
        #expect(transport.lastRequest?.method == .put)
    }

    @Test func textAndAlternativeContentTypes() async throws {
        #expect(try await text(client.putText(body: .plainText(HTTPBody("héllo"))).ok.body.plainText) == "text: héllo")
        #expect(transport.lastRequest?.headerFields["Content-Type"] == "text/plain")
        #expect(try await text(client.putText(body: .json(.init(name: "x"))).ok.body.plainText) == "json: x")
        #expect(transport.lastRequest?.headerFields["Content-Type"] == "application/json")
    }

    @Test func anUnknownContentTypeIs415() async throws {
        var request = HTTPRequest(method: .put, path: "/text")
        request.headerFields["Content-Type"] = "image/png"
        let (response, _) = try await transport.send(
            request, body: HTTPBody("x"), baseURL: testServerURL, operationID: "putText")
        #expect(response.status == 415)
        var bad = HTTPRequest(method: .post, path: "/json")
        bad.headerFields["Content-Type"] = "application/json"
        let (badResponse, _) = try await transport.send(
            bad, body: HTTPBody("{\"count\":1}"), baseURL: testServerURL, operationID: "postJSON")
        #expect(badResponse.status == 400)
    }
}
