import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// A credential seen before authenticates without a read of the store, and every change to keys or
/// grants, or the key's expiry, ends that at once.
@Suite struct CredentialCacheTests {
    @Test func aKeySeenBeforeIsAnsweredFromTheCacheUntilItIsRevoked() async throws {
        var options = LocalInstance.Options(log: { _ in })
        options.requestsPerMinute = nil  // the rate limiter looks credentials up too
        try await LocalTestInstance.with(options: options) { local in
            let owner = local.client()
            let made = try await owner.createKey(body: .json(.init(label: "Temp", source: "temp"))).created.body.json
            let plaintext = try #require(made.key)
            let cache = try #require(local.instance.store.credentials)
            // The first use reads the key and notes its use (a commit to api_keys); the second
            // reads it again under the new count; from the third on the cache answers.
            for _ in 0..<2 { #expect(try await local.send(.get, "/keys/current", key: plaintext).status == 200) }
            let hits = cache.hits
            for _ in 0..<3 { #expect(try await local.send(.get, "/keys/current", key: plaintext).status == 200) }
            #expect(cache.hits == hits + 3)
            _ = try await owner.revokeKey(path: .init(id: made.id)).ok
            let refused = try await local.send(.get, "/keys/current", key: plaintext)
            #expect(refused.status == 401)
            #expect(refused.errorCode == "unauthorized")
        }
    }

    @Test func aKeyChangedByAnotherDoorIsReadAgain() async throws {
        try await LocalTestInstance.with { local in
            let owner = local.client()
            let made = try await owner.createKey(body: .json(.init(label: "Before", source: "temp"))).created.body.json
            let plaintext = try #require(made.key)
            for _ in 0..<3 { _ = try await local.client(key: plaintext).getCurrentKey().ok }
            _ = try await owner.updateKey(path: .init(id: made.id), body: .json(.init(label: "After"))).ok
            #expect(try await local.client(key: plaintext).getCurrentKey().ok.body.json.label == "After")
        }
    }

    @Test func aCachedAccessTokenIsRefusedOnceItExpires() async throws {
        var options = LocalInstance.Options(log: { _ in })
        options.signIn.accessTokenLifetime = .seconds(60)
        options.requestsPerMinute = nil
        let clock = ManualClock()
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let tokens = try await player.tokens(clientID: client, scope: "core.note:read")
            let cache = try #require(local.instance.store.credentials)
            for _ in 0..<3 {
                #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 200)
            }
            let hits = cache.hits
            clock.advance(by: .seconds(30))
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 200)
            #expect(cache.hits == hits + 1)
            clock.advance(by: .seconds(31))
            let expired = try await local.send(.get, "/items?type=core.note", key: tokens.access)
            #expect(expired.status == 401)
            #expect(expired.errorCode == "unauthorized")
        }
    }

    @Test func aCachedAccessTokenIsRefusedOnceItsGrantIsRevoked() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let tokens = try await player.tokens(clientID: client, scope: "core.note:read")
            for _ in 0..<3 {
                #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 200)
            }
            let revoked = try await player.send(
                .post, "/auth/oauth2/revoke", form: [("token", tokens.access), ("token_type_hint", "access_token")])
            #expect(revoked.status == 200)
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 401)
        }
    }
}
