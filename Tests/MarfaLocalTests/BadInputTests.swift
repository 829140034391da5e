import Foundation
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

/// Malformed, mistyped and oversized requests are refused with the error envelope, and the
/// instance keeps answering with its data intact.
@Suite struct BadInputTests {
    @Test func malformedAndMistypedBodiesAreValidationErrors() async throws {
        try await LocalTestInstance.with { local in
            let note = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"keep"}}"#)
            let id = try #require(note.json["item"]?["id"]?.string)
            let cases: [(HTTPMethodName, String, String)] = [
                (.post, "/items", "{"),
                (.post, "/items", "[1,2,3]"),
                (.post, "/items", #"{"type":42}"#),
                (.post, "/items", #"{"type":"core.note","properties":"text"}"#),
                (.patch, "/items/\(id)", #"{"version":"one"}"#),
                (.post, "/types", #"{"id":"user.x","fields":{"a":{"type":7}}}"#),
                (.post, "/keys", #"{"label":"x"}"#),
                (.patch, "/spaces/me/config", #"{"trash_retention_days":"never"}"#),
                (.patch, "/spaces/me/config", #"{"trash_retention_days":-1}"#),
                (.put, "/types/core.note/icon", "\u{0}\u{1}binary"),
            ]
            for (method, path, body) in cases {
                let answer = try await local.send(method.method, path, json: body)
                #expect(answer.status == 400, "\(method) \(path) \(body): \(answer.status) \(answer.text)")
                #expect(
                    ["validation_error", "missing_required_field"].contains(answer.errorCode ?? ""), "\(answer.text)")
                #expect(answer.headers["X-Marfa-Contract"] == "0")
            }
            let unreadable = try await local.send(.post, "/items", json: nil, headers: ["Content-Type": "text/plain"])
            #expect(unreadable.status == 415)
            #expect(unreadable.errorCode != nil)
            let kept = try await local.send(.get, "/items/\(id)")
            #expect(kept.json["item"]?["properties"]?["title"]?.string == "keep")
            #expect(kept.json["item"]?["version"]?.int == 1)
        }
    }

    @Test func hugeBodiesAreRefusedWithTheEnvelope() async throws {
        try await LocalTestInstance.with(options: .init(maxBodyBytes: 1 << 20, log: { _ in })) { local in
            let huge =
                #"{"type":"core.note","properties":{"title":""# + String(repeating: "x", count: (1 << 20) + 10)
                + #""}}"#
            for path in ["/items", "/types"] {
                let answer = try await local.send(.post, path, json: huge)
                #expect(answer.status == 413)
                #expect(answer.errorCode == "request_too_large")
            }
            let idempotent = try await local.send(.post, "/items", json: huge, headers: ["Idempotency-Key": "big"])
            #expect(idempotent.status == 413)
            #expect(idempotent.errorCode == "request_too_large")
            let longProperty =
                #"{"type":"core.note","properties":{"title":""# + String(repeating: "y", count: 100_001) + #""}}"#
            let tooLong = try await local.send(.post, "/items", json: longProperty)
            #expect(tooLong.errorCode == "invalid_properties")
            let still = try await local.send(.get, "/")
            #expect(still.status == 200)
        }
    }
}

/// The methods the table above uses, by name.
enum HTTPMethodName: String {
    case post, patch, put
    var method: MarfaOpenAPIRuntime.HTTPMethod { .init(rawValue: rawValue) }
}
