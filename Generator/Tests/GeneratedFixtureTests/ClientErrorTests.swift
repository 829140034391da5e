import Foundation
import MarfaOpenAPIRuntime
import Testing

private typealias R = ResponsesFixture

/// A transport that fails every request with `Failure.unplugged`.
private struct UnpluggedTransport: ClientTransport {
    enum Failure: Error { case unplugged }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        throw Failure.unplugged
    }
}

/// Answers 200 with its headers and a body that is not JSON.
private struct BrokenBodyTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        (
            HTTPResponse(status: 200, headerFields: ["Content-Type": "application/json", "X-Rate-Limit": "1"]),
            HTTPBody("{not json")
        )
    }
}

/// A middleware that refuses to send anything.
private struct RefusingMiddleware: ClientMiddleware {
    struct Refused: Error {}

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        throw Refused()
    }
}

/// Every failure of a generated call is a `ClientError` naming the operation, with the request where
/// one was written, the response where one arrived, and the error behind it.
@Suite struct ClientErrorTests {
    @Test func aTransportFailureIsAClientErrorWithTheRequestAndTheTransportsError() async throws {
        let client = R.Client(serverURL: testServerURL, transport: UnpluggedTransport())
        let error = await #expect(throws: ClientError.self) { _ = try await client.getThing(path: .init(id: 7)) }
        #expect(error?.operationID == "getThing")
        #expect(error?.request?.path == "/things/7")
        #expect(error?.response == nil)
        #expect(error?.underlyingError as? UnpluggedTransport.Failure == .unplugged)
    }

    @Test func aMiddlewareFailureIsAClientErrorToo() async throws {
        let client = R.Client(
            serverURL: testServerURL, transport: UnpluggedTransport(), middlewares: [RefusingMiddleware()])
        let error = await #expect(throws: ClientError.self) { _ = try await client.getThing(path: .init(id: 1)) }
        #expect(error?.underlyingError is RefusingMiddleware.Refused)
    }

    @Test func aResponseThatCannotBeReadKeepsTheResponse() async throws {
        let client = R.Client(serverURL: testServerURL, transport: BrokenBodyTransport())
        let error = await #expect(throws: ClientError.self) { _ = try await client.getThing(path: .init(id: 1)) }
        #expect(error?.response?.status == 200)
        #expect(error?.status == 200)
        #expect(error?.request == nil, "the failure came while reading, after the request was answered")
    }
}
