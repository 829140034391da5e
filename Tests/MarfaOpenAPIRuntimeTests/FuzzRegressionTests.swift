import Foundation
import MarfaOpenAPIRuntime
import Testing

/// Inputs `make fuzz` found (FuzzURIFormMultipart), fed to the same entry points: each once
/// crashed the process and must now be an error.
@Suite struct URIFuzzRegressionTests {
    /// A form body, or a parameter value, that a reader expects as one value.
    struct Login: Decodable {
        var user: String
        var remember: Bool?
    }

    /// Fuzz input `=z-` (a path parameter in form style, read as an object): a list or an object
    /// read as a `String` asked `String.init(from:)` for a single-value container over the same
    /// value forever, until the stack overflowed.
    @Test func aListOrObjectReadAsOneValueIsATypeMismatch() throws {
        let value = try #require(URIStyleCoder.readPath("-", name: "id", style: .form, explode: false, shape: .object))
        #expect(value == .object([]))
        #expect(throws: DecodingError.self) { try URIValueDecoder.decode(String.self, from: value) }
        #expect(throws: DecodingError.self) { try URIValueDecoder.decode(String.self, from: .array(["a", "b"])) }
        #expect(throws: DecodingError.self) {
            try URIValueDecoder.decode(Int.self, from: .object([("a", .primitive("1"))]))
        }
    }

    /// Fuzz input `user=a&user=b` (a form field sent twice where one value is expected): the same
    /// endless recursion, reached by any form post, such as the local instance's token requests.
    @Test func aFormFieldSentTwiceForOneValueIsAnError() throws {
        let failure = #expect(throws: DecodingError.self) {
            try FormCoding.decode(Login.self, from: Array("user=a&user=b".utf8))
        }
        guard case .typeMismatch(let type, let context) = failure else {
            Issue.record("expected a type mismatch, got \(String(describing: failure))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(context.codingPath.map(\.stringValue) == ["user"])
        #expect(try FormCoding.decode(Login.self, from: Array("user=a&remember=true".utf8)).user == "a")
    }

    /// A type the primitives don't cover read from one value: it used to recurse the same way.
    @Test func aTypeOutsideThePrimitivesIsATypeMismatch() {
        #expect(throws: DecodingError.self) { try URIValueDecoder.decode(UInt8.self, from: .primitive("5")) }
        #expect(throws: DecodingError.self) { try URIValueDecoder.decode(Int16.self, from: .primitive("7")) }
    }
}

/// What FuzzEventStreams showed of the line reader under server-sent events and JSON Lines.
@Suite struct StreamFuzzRegressionTests {
    /// A body arriving in `chunks`.
    func body(_ chunks: [[UInt8]]) -> HTTPBody {
        HTTPBody(
            byteChunks: AsyncStream { continuation in
                for chunk in chunks { continuation.yield(chunk) }
                continuation.finish()
            }, length: .unknown)
    }

    /// A long line in one-byte chunks (each chunk used to rescan the whole line so far, so the
    /// fuzzer's inputs of a few kilobytes took a quadratic time): the same lines as read whole,
    /// with a CR LF split across chunks taken as one line end.
    @Test func aLineInOneByteChunksReadsAsWhole() async throws {
        let text = "data: " + String(repeating: "x", count: 5_000) + "\r\n\r\nid: 2\r" + "\ndata: é\n\n"
        var lines: [String] = []
        for try await line in body(Array(text.utf8).map { [$0] }).lines { lines.append(line) }
        #expect(lines == ["data: " + String(repeating: "x", count: 5_000), "", "id: 2", "data: é", ""])
        var events: [ServerSentEvent] = []
        for try await event in body(Array(text.utf8).map { [$0] }).asServerSentEvents() { events.append(event) }
        #expect(
            events == [
                ServerSentEvent(data: String(repeating: "x", count: 5_000)), ServerSentEvent(id: "2", data: "é"),
            ])
    }
}
