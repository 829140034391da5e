import Foundation
import MarfaClock
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

@Suite struct OAuthTests {
    @Test func discoveryNamesEveryEndpointOnTheInstancesOrigin() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let answer = try await player.send(.get, "/.well-known/oauth-authorization-server/auth")
            #expect(answer.status == 200)
            let origin = player.origin
            #expect(answer.json["issuer"]?.string == origin + "/auth")
            #expect(answer.json["authorization_endpoint"]?.string == origin + "/auth/oauth2/authorize")
            #expect(answer.json["token_endpoint"]?.string == origin + "/auth/oauth2/token")
            #expect(answer.json["registration_endpoint"]?.string == origin + "/oauth2/register")
            #expect(answer.json["revocation_endpoint"]?.string == origin + "/auth/oauth2/revoke")
            #expect(answer.json["device_authorization_endpoint"]?.string == origin + "/auth/device/code")
            #expect(answer.json["code_challenge_methods_supported"] == .array([.string("S256")]))
            let grants = answer.json["grant_types_supported"]?.array?.compactMap(\.string) ?? []
            #expect(
                grants.contains("refresh_token") && grants.contains(OAuthGrantType.deviceCode)
                    && grants.contains("authorization_code"))
            let scopes = answer.json["scopes_supported"]?.array?.compactMap(\.string) ?? []
            #expect(
                scopes.contains("core.note:read") && scopes.contains("offline_access")
                    && scopes.contains("grants.manage"))
        }
    }

    @Test func registersNativeClientsAndRefusesOtherRedirects() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            _ = try await player.register(redirect: "http://127.0.0.1:9000/callback")
            _ = try await player.register(redirect: "com.example.app:/signed-in")
            for bad in ["http://example.com/callback", "myapp:/x", "not a uri", "http://127.0.0.1/cb#frag"] {
                let refused = try await player.send(
                    .post, "/oauth2/register",
                    json: """
                        {"redirect_uris":["\(bad)"],"application_type":"native","token_endpoint_auth_method":"none"}
                        """)
                #expect(refused.status == 400, "\(bad)")
                #expect(refused.json["error"]?.string == "invalid_redirect_uri", "\(bad): \(refused.text)")
                #expect(refused.json["error_description"]?.string?.isEmpty == false)
            }
            let secret = try await player.send(
                .post, "/oauth2/register",
                json: """
                    {"redirect_uris":["http://127.0.0.1:9000/cb"],"token_endpoint_auth_method":"client_secret_basic"}
                    """)
            #expect(secret.status == 400)
            #expect(secret.json["error"]?.string == "invalid_client_metadata")
        }
    }

    @Test func theOwnerApprovesFewerScopesThanAskedAndTheTokenReachesOnlyThose() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let (verifier, challenge) = OAuthPlayer.pkce()
            let authorize = try await player.authorize(
                clientID: client, redirect: "http://127.0.0.1:53682/callback",
                scope: "core.note:write core.task:write offline_access",
                state: "xyz 123", challenge: challenge)
            let (page, consentCode) = try await player.openConsentPage(authorize)
            #expect(page.text.contains("Test App"))
            #expect(page.text.contains("type=\"password\""))
            #expect(page.text.contains("value=\"core.task:write\""))
            #expect(page.text.contains("action=\"/auth/authorize/decision\""))
            #expect(page.headers["X-Frame-Options"] == "DENY")
            let decision = try await player.decide(consentCode: consentCode, approve: true, scopes: ["core.note:write"])
            #expect(decision.status == 302)
            let query = OAuthPlayer.query(of: decision)
            #expect(decision.headers["Location"]?.hasPrefix("http://127.0.0.1:53682/callback?") == true)
            #expect(query["state"] == "xyz 123")
            let code = try #require(query["code"])
            let tokens = try await player.exchange(code: code, verifier: verifier, clientID: client)
            #expect(tokens.status == 200, "\(tokens.text)")
            #expect(tokens.json["token_type"]?.string == "Bearer")
            #expect(tokens.headers["Cache-Control"] == "no-store")
            #expect(tokens.json["scope"]?.string == "core.note:write offline_access")
            #expect((tokens.json["expires_in"]?.int ?? 0) > 0)
            let access = try #require(tokens.json["access_token"]?.string)
            #expect(access.hasPrefix("marfa_at_"))
            #expect(tokens.json["refresh_token"]?.string?.hasPrefix("marfa_rt_") == true)

            let note = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"from the app"}}"#, key: access)
            #expect(note.status == 201, "\(note.text)")
            let task = try await local.send(
                .post, "/items", json: #"{"type":"core.task","properties":{"title":"no"}}"#, key: access)
            #expect(task.status == 403)
            #expect(task.errorCode == "type_not_permitted")
            let keys = try await local.send(.get, "/keys", key: access)
            #expect(keys.status == 403)
        }
    }

    @Test func theOwnerDeclinesAndTheStateComesBack() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register(redirect: "com.example.app:/signed-in")
            let (_, challenge) = OAuthPlayer.pkce()
            let (_, consentCode) = try await player.openConsentPage(
                try await player.authorize(
                    clientID: client, redirect: "com.example.app:/signed-in", scope: "core.note:read", state: "s-42",
                    challenge: challenge))
            let denied = try await player.decide(consentCode: consentCode, approve: false, scopes: [], password: "")
            #expect(denied.status == 302)
            #expect(denied.headers["Location"]?.hasPrefix("com.example.app:/signed-in?") == true)
            let query = OAuthPlayer.query(of: denied)
            #expect(query["error"] == "access_denied")
            #expect(query["state"] == "s-42")
            #expect(query["code"] == nil)
            let again = try await player.decide(consentCode: consentCode, approve: true, scopes: ["core.note:read"])
            #expect(again.status == 400)
        }
    }

    @Test func aWrongPasswordOrAnotherOriginIsRefused() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let (_, challenge) = OAuthPlayer.pkce()
            let (_, consentCode) = try await player.openConsentPage(
                try await player.authorize(
                    clientID: client, redirect: "http://127.0.0.1:53682/callback", scope: "core.note:read", state: "s",
                    challenge: challenge))
            let wrong = try await player.decide(
                consentCode: consentCode, approve: true, scopes: ["core.note:read"], password: "nope")
            #expect(wrong.status == 401)
            #expect(wrong.headers["Location"] == nil)
            #expect(wrong.text.contains("password is wrong"))
            let crossOrigin = try await player.decide(
                consentCode: consentCode, approve: true, scopes: ["core.note:read"], origin: "http://evil.example")
            #expect(crossOrigin.status == 403)
            #expect(crossOrigin.errorCode == "forbidden")
            let right = try await player.decide(consentCode: consentCode, approve: true, scopes: ["core.note:read"])
            #expect(right.status == 302)
            #expect(OAuthPlayer.query(of: right)["code"] != nil)
        }
    }

    @Test func anAuthorizeRequestForAnUnknownClientOrRedirectIsNotRedirected() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let (_, challenge) = OAuthPlayer.pkce()
            let unknown = try await player.authorize(
                clientID: "nobody", redirect: "http://127.0.0.1:1/cb", scope: "core.note:read", state: "s",
                challenge: challenge)
            #expect(unknown.status == 400)
            #expect(unknown.json["error"]?.string == "invalid_client")
            let elsewhere = try await player.authorize(
                clientID: client, redirect: "http://127.0.0.1:53682/other", scope: "core.note:read", state: "s",
                challenge: challenge)
            #expect(elsewhere.status == 400)
            #expect(elsewhere.headers["Location"] == nil)
            let otherPort = try await player.authorize(
                clientID: client, redirect: "http://127.0.0.1:40001/callback", scope: "core.note:read", state: "s",
                challenge: challenge)
            #expect(otherPort.status == 302, "a loopback redirect may use any port")
            let badScope = try await player.authorize(
                clientID: client, redirect: "http://127.0.0.1:53682/callback", scope: "bogus", state: "s",
                challenge: challenge)
            #expect(badScope.status == 302)
            #expect(OAuthPlayer.query(of: badScope)["error"] == "invalid_scope")
        }
    }

    @Test func codesAreSingleUseAndBoundToTheVerifierAndRedirect() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()

            let (code1, _) = try await player.signIn(clientID: client, scope: "core.note:read")
            let mismatch = try await player.exchange(
                code: code1, verifier: OAuthPlayer.pkce().verifier, clientID: client)
            #expect(mismatch.status == 400)
            #expect(mismatch.json["error"]?.string == "invalid_grant")

            let (code2, verifier2) = try await player.signIn(clientID: client, scope: "core.note:read")
            let redirect = try await player.exchange(
                code: code2, verifier: verifier2, clientID: client, redirect: "http://127.0.0.1:53682/other")
            #expect(redirect.status == 400)
            #expect(redirect.json["error"]?.string == "invalid_grant")

            let (code3, verifier3) = try await player.signIn(clientID: client, scope: "core.note:read")
            let noVerifier = try await player.token([
                ("grant_type", "authorization_code"), ("code", code3),
                ("redirect_uri", "http://127.0.0.1:53682/callback"), ("client_id", client),
            ])
            #expect(noVerifier.status == 400)
            #expect(noVerifier.json["error"]?.string == "invalid_request")
            let first = try await player.exchange(code: code3, verifier: verifier3, clientID: client)
            #expect(first.status == 200)
            #expect(first.json["refresh_token"] == nil, "no offline_access, no refresh token")
            let access = try #require(first.json["access_token"]?.string)
            let reuse = try await player.exchange(code: code3, verifier: verifier3, clientID: client)
            #expect(reuse.status == 400)
            #expect(reuse.json["error"]?.string == "invalid_grant")
            #expect(
                try await local.send(.get, "/keys/current", key: access).status == 401,
                "a reused code ends the grant it made")

            let unsupported = try await player.token([("grant_type", "password"), ("client_id", client)])
            #expect(unsupported.status == 400)
            #expect(unsupported.json["error"]?.string == "unsupported_grant_type")
            let missing = try await player.token([("client_id", client)])
            #expect(missing.status == 400)
            #expect(missing.json["error"]?.string == "invalid_request")
        }
    }

    @Test func refreshTokensRotateAndAReplayEndsTheGrant() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let first = try await player.tokens(clientID: client, scope: "core.note:read offline_access")
            let refresh1 = try #require(first.refresh)
            let rotated = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", refresh1), ("client_id", client),
            ])
            #expect(rotated.status == 200, "\(rotated.text)")
            let refresh2 = try #require(rotated.json["refresh_token"]?.string)
            let access2 = try #require(rotated.json["access_token"]?.string)
            #expect(refresh2 != refresh1)
            #expect(rotated.json["scope"]?.string == "core.note:read offline_access")
            #expect(try await local.send(.get, "/items?type=core.note", key: access2).status == 200)

            let replay = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", refresh1), ("client_id", client),
            ])
            #expect(replay.status == 400)
            #expect(replay.json["error"]?.string == "invalid_grant")
            #expect(replay.json["error_description"]?.string == "token_reuse_detected")
            #expect(try await local.send(.get, "/items?type=core.note", key: access2).status == 401)
            #expect(try await local.send(.get, "/items?type=core.note", key: first.access).status == 401)
            let afterEnd = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", refresh2), ("client_id", client),
            ])
            #expect(afterEnd.status == 400)
            #expect(afterEnd.json["error"]?.string == "invalid_grant")
            let unknown = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", "marfa_rt_nope"), ("client_id", client),
            ])
            #expect(unknown.json["error"]?.string == "invalid_grant")
        }
    }

    @Test func accessTokensExpire() async throws {
        var options = LocalInstance.Options(log: { _ in })
        options.signIn.accessTokenLifetime = .seconds(1)
        let clock = ManualClock()
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let tokens = try await player.tokens(clientID: client, scope: "core.note:read offline_access")
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 200)
            clock.advance(by: .milliseconds(900))
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 200)
            clock.advance(by: .milliseconds(400))
            let expired = try await local.send(.get, "/items?type=core.note", key: tokens.access)
            #expect(expired.status == 401)
            #expect(expired.errorCode == "unauthorized")
            let renewed = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", tokens.refresh ?? ""), ("client_id", client),
            ])
            let access = try #require(renewed.json["access_token"]?.string)
            #expect(try await local.send(.get, "/items?type=core.note", key: access).status == 200)
        }
    }

    @Test func revocation() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let tokens = try await player.tokens(clientID: client, scope: "core.note:read offline_access")
            let noToken = try await player.send(.post, "/auth/oauth2/revoke", form: [("client_id", client)])
            #expect(noToken.status == 400)
            #expect(noToken.json["error"]?.string == "invalid_request")
            let unknown = try await player.send(.post, "/auth/oauth2/revoke", form: [("token", "marfa_at_unknown")])
            #expect(unknown.status == 200)

            let revokeAccess = try await player.send(
                .post, "/auth/oauth2/revoke", form: [("token", tokens.access), ("token_type_hint", "access_token")])
            #expect(revokeAccess.status == 200)
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 401)
            let renewed = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", tokens.refresh ?? ""), ("client_id", client),
            ])
            #expect(renewed.status == 200, "revoking an access token leaves the grant")
            let access = try #require(renewed.json["access_token"]?.string)
            let refresh = try #require(renewed.json["refresh_token"]?.string)

            #expect(try await player.send(.post, "/auth/oauth2/revoke", form: [("token", refresh)]).status == 200)
            #expect(
                try await local.send(.get, "/items?type=core.note", key: access).status == 401,
                "revoking a refresh token ends the grant")
            let afterRevoke = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", client),
            ])
            #expect(afterRevoke.json["error"]?.string == "invalid_grant")
        }
    }
}
