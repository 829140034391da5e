import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

@Suite struct GrantTests {
    @Test func grantsAreListedAndRevokedWithTheOwnersKey() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register(name: "Reading List")
            let tokens = try await player.tokens(clientID: client, scope: "core.note:read offline_access")
            let listed = try await local.send(.get, "/auth/grants")
            #expect(listed.status == 200, "\(listed.text)")
            let grants = listed.json["grants"]?.array ?? []
            #expect(grants.count == 1)
            let grant = try #require(grants.first)
            #expect(grant["client_id"]?.string == client)
            #expect(grant["client_name"]?.string == "Reading List")
            #expect(grant["scopes"] == .array([.string("core.note:read"), .string("offline_access")]))
            #expect(grant["created_at"]?.string != nil)
            let id = try #require(grant["id"]?.string)

            #expect(try await local.send(.get, "/auth/grants", key: tokens.access).status == 403, "needs grants.manage")
            let revoked = try await local.send(.delete, "/auth/grants/\(id)")
            #expect(revoked.status == 200)
            #expect(try await local.send(.get, "/items?type=core.note", key: tokens.access).status == 401)
            let refresh = try await player.token([
                ("grant_type", "refresh_token"), ("refresh_token", tokens.refresh ?? ""), ("client_id", client),
            ])
            #expect(refresh.json["error"]?.string == "invalid_grant")
            #expect(try await local.send(.get, "/auth/grants").json["grants"]?.array?.isEmpty == true)
            #expect(try await local.send(.delete, "/auth/grants/\(id)").status == 404)
        }
    }

    @Test func aGrantsManageScopeMayListGrants() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let tokens = try await player.tokens(clientID: client, scope: "grants.manage")
            #expect(try await local.send(.get, "/auth/grants", key: tokens.access).status == 200)
            #expect(try await local.send(.get, "/config", key: tokens.access).status == 403)
        }
    }

    @Test func tokensAndGrantsSurviveARestartAndNoTokenIsStoredInPlainText() async throws {
        let place = RestartableInstance()
        defer { place.remove() }
        var secrets: [String] = []
        let client: String
        let refresh: String
        do {
            let instance = try await place.start(ownerPassword: "correct horse battery")
            #expect(instance.generatedOwnerPassword == nil)
            let player = OAuthPlayer(instance, ownerPassword: "correct horse battery")
            client = try await player.register()
            let (code, verifier) = try await player.signIn(clientID: client, scope: "core.note:read offline_access")
            let answer = try await player.exchange(code: code, verifier: verifier, clientID: client)
            let access = try #require(answer.json["access_token"]?.string)
            refresh = try #require(answer.json["refresh_token"]?.string)
            let device = try await player.send(
                .post, "/auth/device/code", form: [("client_id", client), ("scope", "core.note:read")])
            secrets = [
                access, refresh, code, verifier, device.json["device_code"]?.string ?? "", "correct horse battery",
            ]
            #expect(try await player.send(.get, "/items?type=core.note", bearer: access).status == 200)
            await instance.stop()
        }
        for file in try FileManager.default.contentsOfDirectory(at: place.folder, includingPropertiesForKeys: nil) {
            let bytes = try Data(contentsOf: file)
            for secret in secrets where !secret.isEmpty {
                #expect(
                    bytes.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent) holds a secret in plain text")
            }
        }
        let instance = try await place.start()
        #expect(instance.generatedOwnerPassword == nil, "the password set on the first start is kept")
        let player = OAuthPlayer(instance, ownerPassword: "correct horse battery")
        let renewed = try await player.token([
            ("grant_type", "refresh_token"), ("refresh_token", refresh), ("client_id", client),
        ])
        #expect(renewed.status == 200, "\(renewed.text)")
        let access = try #require(renewed.json["access_token"]?.string)
        #expect(try await player.send(.get, "/items?type=core.note", bearer: access).status == 200)
        #expect(try await player.signIn(clientID: client, scope: "core.note:read").code.isEmpty == false)
        await instance.stop()
    }

    @Test func withoutAnOwnerPasswordTheFirstStartGeneratesOne() async throws {
        try await LocalTestInstance.with { local in
            let password = try #require(local.instance.generatedOwnerPassword)
            #expect(password.count >= 12)
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            _ = try await player.tokens(clientID: client, scope: "core.note:read")
        }
    }

    @Test func theOwnerAccountIsCreatedOnce() async throws {
        try await LocalTestInstance.with { local in
            let missing = try await local.send(.get, "/owner")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "owner_not_found")
            let created = try await local.send(
                .post, "/owner", json: #"{"email":"Me@Example.com","password":"a new owner password"}"#)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.json["email"]?.string == "me@example.com")
            #expect(created.json["name"]?.string == "me")
            #expect(try await local.send(.get, "/owner").json["id"] == created.json["id"])
            let second = try await local.send(
                .post, "/owner", json: #"{"email":"other@example.com","password":"another password"}"#)
            #expect(second.status == 409)
            #expect(second.errorCode == "owner_exists")
            let short = try await local.send(.post, "/owner", json: #"{"email":"x@example.com","password":"short"}"#)
            #expect(short.status == 409 || short.status == 400)

            // The new password now signs the owner in on the consent page.
            let player = OAuthPlayer(local.instance, ownerPassword: "a new owner password")
            let client = try await player.register()
            _ = try await player.tokens(clientID: client, scope: "core.note:read")
        }
    }
}
