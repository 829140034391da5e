import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Serves the bodies fixture; every handler answers 204-like echoes, but the regressions below
/// never reach one: the request is refused while it is read.
private struct RefusingBodiesServer: BodiesFixture.APIProtocol {
    typealias Ops = BodiesFixture.Operations
    func postJSON(_ input: Ops.PostJSON.Input) async throws -> Ops.PostJSON.Output { throw CancellationError() }
    func postOptional(_ input: Ops.PostOptional.Input) async throws -> Ops.PostOptional.Output {
        throw CancellationError()
    }
    func postForm(_ input: Ops.PostForm.Input) async throws -> Ops.PostForm.Output { throw CancellationError() }
    func postMultipart(_ input: Ops.PostMultipart.Input) async throws -> Ops.PostMultipart.Output {
        throw CancellationError()
    }
    func putBinary(_ input: Ops.PutBinary.Input) async throws -> Ops.PutBinary.Output { throw CancellationError() }
    func putText(_ input: Ops.PutText.Input) async throws -> Ops.PutText.Output { throw CancellationError() }
}

/// Requests `make fuzz` found (FuzzGeneratedServer) that crashed the generated server, sent to
/// the same handlers.
@Suite struct GeneratedServerFuzzRegressionTests {
    /// `POST /form` with `user=a&user=b`: a field sent twice where the schema has one string
    /// overflowed the stack while the form was read. It is a 400 saying the body can't be read.
    @Test func aFormFieldSentTwiceIsRefused() async throws {
        let transport = InMemoryTransport()
        try RefusingBodiesServer().registerHandlers(on: transport)
        let request = HTTPRequest(
            method: .post, path: "/form", headerFields: ["Content-Type": "application/x-www-form-urlencoded"])
        let (response, body) = try await transport.send(
            request, body: HTTPBody("user=a&user=b"), baseURL: testServerURL, operationID: "postForm")
        #expect(response.status == 400)
        let text = String(decoding: try await body?.collect(upTo: 1 << 16) ?? [], as: UTF8.self)
        #expect(text.hasPrefix("The form body could not be read"), "\(text)")
    }
}
