import Foundation
import MarfaClock
import MarfaDigest
import MarfaLocal
import Testing

/// The seeds' older integration pattern (`authentication-oauth-pattern.md`), followed step by step
/// with the requests an app written from it makes itself: a PKCE authorize request built by hand
/// to `/auth/authorize` with a private-use redirect (`<scheme>://callback`), the code exchanged at
/// `POST /auth/token`, the access token used as the API key, a refresh when it expires, and a
/// rotated refresh token presented again refused with `token_reuse_detected`.
@Suite struct SeedOAuthPatternTests {
    /// `randomURLSafeBase64(bytes:)` of the document: random bytes, base64url without padding.
    static func randomURLSafeBase64(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(
                of: "/", with: "_")
    }

    @Test func theHandMadePatternWorksAsWritten() async throws {
        let clock = ManualClock()
        var options = LocalInstance.Options(log: { _ in })
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            // The owner's browser and the app's own requests (no SDK sign-in code).
            let player = OAuthPlayer(local.instance)
            let serverURL = player.origin
            let scheme = "com.example.notes"
            let clientId = try await player.register(redirect: "\(scheme)://callback", name: "Notes")

            // 1. The authorize flow, built as the document builds it.
            let verifier = Self.randomURLSafeBase64(bytes: 32)
            let challenge = Data(SHA256.digest(Array(verifier.utf8)))
                .base64EncodedString()
                .replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
            let state = Self.randomURLSafeBase64(bytes: 16)
            var authorize = URLComponents(string: "\(serverURL)/auth/authorize")!
            authorize.queryItems = [
                .init(name: "client_id", value: clientId),
                .init(name: "redirect_uri", value: "\(scheme)://callback"),
                .init(name: "response_type", value: "code"),
                .init(name: "scope", value: "core.note:read core.note:write"),
                .init(name: "state", value: state),
                .init(name: "code_challenge", value: challenge),
                .init(name: "code_challenge_method", value: "S256"),
            ]
            // The web authentication session opens it; the owner approves on the consent page.
            let opened = try await player.send(.get, "/auth/authorize?" + (authorize.percentEncodedQuery ?? ""))
            let (page, consentCode) = try await player.openConsentPage(opened)
            #expect(page.text.contains("Read your notes") && page.text.contains("Change your notes"))
            #expect(
                page.text.contains("<strong>com.example.notes:</strong>"), "the page names where the approval returns")
            #expect(page.text.contains("stay signed in until you revoke it"))
            let approved = try await player.decide(
                consentCode: consentCode, approve: true, scopes: ["core.note:read", "core.note:write"])
            let callbackURL = try #require(approved.headers["Location"].flatMap(URL.init(string:)))
            #expect(callbackURL.scheme == scheme && callbackURL.host == "callback")
            // Parse `code` and verify `state` round-trips.
            let items = URLComponents(url: callbackURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(items.first { $0.name == "state" }?.value == state)
            let code = try #require(items.first { $0.name == "code" }?.value)

            // 2. The code for tokens at POST /auth/token, with the original verifier. (OAuth requires
            // a public client's client_id, and the redirect_uri the authorize request named.)
            let exchanged = try await player.send(
                .post, "/auth/token",
                form: [
                    ("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier),
                    ("client_id", clientId), ("redirect_uri", "\(scheme)://callback"),
                ])
            #expect(exchanged.status == 200, "\(exchanged.text)")
            let accessToken = try #require(exchanged.json["access_token"]?.string)
            let refreshToken = try #require(exchanged.json["refresh_token"]?.string)
            #expect(accessToken.hasPrefix("marfa_at_") && refreshToken.hasPrefix("marfa_rt_"))
            #expect(exchanged.json["expires_in"]?.int == 900)
            #expect(exchanged.json["scope"]?.string == "core.note:read core.note:write offline_access")

            // 3. The access token is the API key for later calls.
            #expect(try await local.send(.get, "/items?type=core.note", key: accessToken).status == 200)

            // 4. Once it expires a call is refused (UnauthorizedError); refresh, keep the new pair, retry.
            clock.advance(by: .seconds(15 * 60 + 1))
            #expect(try await local.send(.get, "/items?type=core.note", key: accessToken).status == 401)
            let refreshed = try await player.send(
                .post, "/auth/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientId),
                ])
            #expect(refreshed.status == 200, "\(refreshed.text)")
            let newAccess = try #require(refreshed.json["access_token"]?.string)
            let newRefresh = try #require(refreshed.json["refresh_token"]?.string)
            #expect(newRefresh != refreshToken)
            #expect(try await local.send(.get, "/items?type=core.note", key: newAccess).status == 200)

            // Reusing a rotated token returns 400 token_reuse_detected; the app must start again.
            let reused = try await player.send(
                .post, "/auth/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientId),
                ])
            #expect(reused.status == 400)
            #expect(reused.json["error_description"]?.string == "token_reuse_detected")
            #expect(try await local.send(.get, "/items?type=core.note", key: newAccess).status == 401)
            let afterReuse = try await player.send(
                .post, "/auth/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", newRefresh), ("client_id", clientId),
                ])
            #expect(afterReuse.json["error"]?.string == "invalid_grant")
        }
    }

    @Test func theOlderDoorsKeepEveryCheck() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let clientId = try await player.register(redirect: "com.example.notes://callback")
            let (verifier, challenge) = OAuthPlayer.pkce()
            func authorize(_ changes: [String: String]) async throws -> RawAnswer {
                var query = [
                    "client_id": clientId, "redirect_uri": "com.example.notes://callback", "response_type": "code",
                    "scope": "core.note:read", "state": "s", "code_challenge": challenge,
                    "code_challenge_method": "S256",
                ]
                query.merge(changes) { $1 }
                let encoded = query.map { "\($0.key)=\(OAuthPlayer.encode($0.value))" }.joined(separator: "&")
                return try await player.send(.get, "/auth/authorize?" + encoded)
            }
            #expect(try await authorize(["redirect_uri": "com.example.notes://elsewhere"]).status == 400)
            #expect(try await authorize(["client_id": "nobody"]).status == 400)
            let plain = try await authorize(["code_challenge_method": "plain"])
            #expect(OAuthPlayer.query(of: plain)["error"] == "invalid_request", "S256 only")
            #expect(try await authorize([:]).headers["Location"]?.contains("consent_code=") == true)

            let (code, _) = try await player.signIn(
                clientID: clientId, redirect: "com.example.notes://callback", scope: "core.note:read")
            let wrongVerifier = try await player.send(
                .post, "/auth/token",
                form: [
                    ("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier),
                    ("client_id", clientId),
                    ("redirect_uri", "com.example.notes://callback"),
                ])
            #expect(wrongVerifier.status == 400)
            #expect(wrongVerifier.json["error"]?.string == "invalid_grant")
            let otherHost = try await player.send(
                .post, "/auth/token", form: [("grant_type", "refresh_token")], headers: ["Host": "evil.example"])
            #expect(otherHost.status == 403)
        }
    }
}
