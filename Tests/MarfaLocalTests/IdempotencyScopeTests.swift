import Foundation
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// `Idempotency-Key` only on the writes whose contract declares it, never storing answers that
/// carry secrets, and running a write once when two requests race with one key.
@Suite struct IdempotencyScopeTests {
    /// Every byte of the database files, for looking for a secret.
    static func databaseBytes(_ folder: URL) throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal"] {
            let path = folder.appendingPathComponent("marfa.sqlite" + suffix).path
            if let data = FileManager.default.contents(atPath: path) { bytes.append(data) }
        }
        return bytes
    }

    @Test func mintedKeysAndTokensAreNeverRecorded() async throws {
        try await LocalTestInstance.with { local in
            let minted = try await local.send(
                .post, "/keys", json: #"{"label":"App","source":"app.one"}"#, headers: ["Idempotency-Key": "mint-1"])
            #expect(minted.status == 201, "\(minted.text)")
            let plaintext = try #require(minted.json["key"]?["key"]?.string ?? minted.json["key"]?.string)
            #expect(plaintext.hasPrefix("marfa_k1_"))
            let again = try await local.send(
                .post, "/keys", json: #"{"label":"App","source":"app.two"}"#, headers: ["Idempotency-Key": "mint-1"])
            #expect(again.headers["Idempotency-Replayed"] == nil)

            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let (code, verifier) = try await player.signIn(clientID: client, scope: "core.note:read offline_access")
            let tokens = try await player.send(
                .post, "/auth/oauth2/token",
                form: [
                    ("grant_type", "authorization_code"), ("code", code),
                    ("redirect_uri", "http://127.0.0.1:53682/callback"),
                    ("client_id", client), ("code_verifier", verifier),
                ], headers: ["Idempotency-Key": "token-1"])
            #expect(tokens.status == 200, "\(tokens.text)")
            let access = try #require(tokens.json["access_token"]?.string)

            let bytes = try Self.databaseBytes(local.folder)
            #expect(bytes.range(of: Data(plaintext.utf8)) == nil)
            #expect(bytes.range(of: Data(access.utf8)) == nil)
        }
    }

    @Test func twoRacingRequestsWithOneKeyWriteOnce() async throws {
        try await LocalTestInstance.with { local in
            for round in 0..<5 {
                let body = #"{"type":"core.note","properties":{"title":"race \#(round)"}}"#
                let answers = try await withThrowingTaskGroup(of: RawAnswer.self) { group in
                    for _ in 0..<6 {
                        group.addTask {
                            try await local.send(
                                .post, "/items", json: body, headers: ["Idempotency-Key": "race-\(round)"])
                        }
                    }
                    return try await group.reduce(into: [RawAnswer]()) { $0.append($1) }
                }
                #expect(answers.allSatisfy { $0.status == 201 }, "\(answers.map(\.status))")
                #expect(Set(answers.compactMap { $0.json["item"]?["id"]?.string }).count == 1)
                #expect(answers.filter { $0.headers["Idempotency-Replayed"] == nil }.count == 1)
            }
            let listed = try await local.send(.get, "/items?type=core.note&limit=100")
            #expect(listed.json["data"]?.array?.count == 5)
        }
    }

    @Test func onlyDeclaringOperationsTakePart() {
        #expect(IdempotencyMiddleware.applies(to: "createItem"))
        #expect(!IdempotencyMiddleware.applies(to: "createKey"))
        #expect(!IdempotencyMiddleware.applies(to: "requestToken"))
        #expect(!IdempotencyMiddleware.applies(to: "createWebhook"))
    }
}
