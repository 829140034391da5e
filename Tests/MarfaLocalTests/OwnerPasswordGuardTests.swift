import Foundation
import MarfaClock
import MarfaDigest
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// The owner password on the consent pages cannot be guessed at leisure: five wrong ones close a
/// request, ten in fifteen minutes close the instance's door for a while (`429`), the password is
/// kept as PBKDF2, and the pages answer only to this instance's own host names.
@Suite struct OwnerPasswordGuardTests {
    /// A fresh consent's handle, from authorize through the consent page.
    static func consent(_ player: OAuthPlayer, client: String) async throws -> String {
        let (_, challenge) = OAuthPlayer.pkce()
        let authorize = try await player.authorize(
            clientID: client, redirect: "http://127.0.0.1:53682/callback", scope: "core.note:read", state: "s",
            challenge: challenge)
        return try await player.openConsentPage(authorize).consentCode
    }

    @Test func fiveWrongPasswordsBurnAConsentAndTenCloseTheDoor() async throws {
        var options = LocalInstance.Options(log: { _ in })
        let clock = ManualClock()
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let first = try await Self.consent(player, client: client)
            var statuses: [Int] = []
            for _ in 0..<4 {
                statuses.append(
                    try await player.decide(
                        consentCode: first, approve: true, scopes: ["core.note:read"], password: "guess"
                    ).status)
            }
            #expect(statuses == [401, 401, 401, 401])
            let burned = try await player.decide(
                consentCode: first, approve: true, scopes: ["core.note:read"], password: "guess")
            #expect(burned.status == 302)
            #expect(OAuthPlayer.query(of: burned)["error"] == "access_denied")
            // Burned: even the right password no longer opens it.
            let afterwards = try await player.decide(consentCode: first, approve: true, scopes: ["core.note:read"])
            #expect(afterwards.status == 400, "\(afterwards.text)")

            let second = try await Self.consent(player, client: client)
            for _ in 0..<4 {
                #expect(
                    try await player.decide(
                        consentCode: second, approve: true, scopes: ["core.note:read"], password: "guess"
                    ).status == 401)
            }
            // Nine wrong so far; the tenth is counted, the eleventh attempt is refused whatever it says.
            let third = try await Self.consent(player, client: client)
            #expect(
                try await player.decide(
                    consentCode: third, approve: true, scopes: ["core.note:read"], password: "guess"
                ).status == 401)
            let refused = try await player.decide(consentCode: third, approve: true, scopes: ["core.note:read"])
            #expect(refused.status == 429, "\(refused.text)")
            #expect(Int(refused.headers["Retry-After"] ?? "") == 15 * 60, "the first wrong one leaves the window then")

            // Fifteen minutes on, the wrong ones have left the window and the door is open again.
            clock.advance(by: .seconds(15 * 60))
            let fourth = try await Self.consent(player, client: client)
            let approved = try await player.decide(consentCode: fourth, approve: true, scopes: ["core.note:read"])
            #expect(approved.status == 302, "\(approved.text)")
            #expect(OAuthPlayer.query(of: approved)["code"] != nil)
        }
    }

    @Test func fiveWrongPasswordsDenyADeviceCode() async throws {
        try await LocalTestInstance.with(options: DeviceFlowTests.options()) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let codes = try await DeviceFlowTests.start(player, client: client, scope: "core.note:read")
            let userCode = try #require(codes.json["user_code"]?.string)
            let deviceCode = try #require(codes.json["device_code"]?.string)
            var statuses: [Int] = []
            for _ in 0..<5 {
                let answer = try await player.send(
                    .post, "/auth/device/consent",
                    form: [
                        ("user_code", userCode), ("password", "guess"), ("scope", "core.note:read"),
                        ("decision", "approve"),
                    ],
                    headers: ["Origin": player.origin])
                statuses.append(answer.status)
            }
            #expect(statuses == [401, 401, 401, 401, 403])
            let poll = try await DeviceFlowTests.poll(player, client: client, deviceCode: deviceCode)
            #expect(poll.json["error"]?.string == "access_denied", "\(poll.text)")
        }
    }

    @Test func theRightPasswordStillWorksAndResetsNothingElse() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let consent = try await Self.consent(player, client: client)
            #expect(
                try await player.decide(
                    consentCode: consent, approve: true, scopes: ["core.note:read"], password: "guess"
                ).status == 401)
            let approved = try await player.decide(consentCode: consent, approve: true, scopes: ["core.note:read"])
            #expect(approved.status == 302)
            #expect(OAuthPlayer.query(of: approved)["code"] != nil)
        }
    }

    @Test func passwordsAreKeptAsPBKDF2AndOldHashesAreUpgraded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-pw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await LocalStore.open(directory: folder, clock: SystemClock())
        let hashed = await OwnerPassword.hash("correct horse")
        try await store.write { db in try store.setMeta("owner_password", hashed, in: db) }
        let stored = try #require(try await store.read { try store.meta("owner_password", in: $0) })
        #expect(stored.hasPrefix("pbkdf2-sha256:\(OwnerPassword.rounds):"))
        #expect(await OwnerPassword.verify("correct horse", against: stored))
        #expect(!(await OwnerPassword.verify("correct horsf", against: stored)))
        // RFC 7914 section 11's PBKDF2-HMAC-SHA256 vector (c = 1), first 32 bytes.
        #expect(
            Hex.encode(PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), rounds: 1))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
        // A hash from an earlier build: one salted SHA-256.
        let old = "abc:" + SHA256.hex("abc" + "old secret")
        try await store.write { db in try store.setMeta("owner_password", old, in: db) }
        await store.close()

        let instance = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let player = OAuthPlayer(instance, ownerPassword: "old secret")
        let client = try await player.register()
        let consent = try await Self.consent(player, client: client)
        let approved = try await player.decide(consentCode: consent, approve: true, scopes: ["core.note:read"])
        #expect(approved.status == 302, "\(approved.text)")
        await instance.stop()
        let reopened = try await LocalStore.open(directory: folder, clock: SystemClock())
        let upgraded = try await reopened.read { try reopened.meta("owner_password", in: $0) }
        await reopened.close()
        #expect(upgraded?.hasPrefix("pbkdf2-sha256:") == true)
        #expect(await OwnerPassword.verify("old secret", against: upgraded))
    }

    @Test func pagesRefuseAHostNamingAnotherHost() async throws {
        try await LocalTestInstance.with { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let port = local.url.port ?? 0
            let (_, challenge) = OAuthPlayer.pkce()
            let query =
                "response_type=code&client_id=\(client)&redirect_uri=\(OAuthPlayer.encode("http://127.0.0.1:53682/callback"))"
                + "&scope=core.note:read&state=s&code_challenge=\(challenge)&code_challenge_method=S256"
            let rebound = try await player.send(
                .get, "/auth/oauth2/authorize?" + query, headers: ["Host": "attacker.example:\(port)"])
            #expect(rebound.status == 403, "\(rebound.text)")
            let consentCode = try await Self.consent(player, client: client)
            let posted = try await player.send(
                .post, "/auth/authorize/decision",
                form: [("consent_code", consentCode), ("password", player.ownerPassword), ("decision", "approve")],
                headers: ["Host": "attacker.example:\(port)", "Origin": "http://attacker.example:\(port)"])
            #expect(posted.status == 403)
            let otherPort = try await player.send(.get, "/auth/device", headers: ["Host": "127.0.0.1:1"])
            #expect(otherPort.status == 403)
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)"] {
                #expect(try await player.send(.get, "/auth/device", headers: ["Host": host]).status == 200, "\(host)")
            }
        }
    }

    @Test func hostCheckNamesOnlyThisInstance() {
        let loopback = HostCheck(boundHost: "127.0.0.1", boundPort: { 8787 })
        #expect(loopback.accepts("127.0.0.1:8787"))
        #expect(loopback.accepts("LOCALHOST:8787"))
        #expect(loopback.accepts("[::1]:8787"))
        #expect(!loopback.accepts("127.0.0.1"))
        #expect(!loopback.accepts("rebind.example:8787"))
        #expect(!loopback.accepts("192.168.1.5:8787"))
        let everywhere = HostCheck(boundHost: "0.0.0.0", boundPort: { 80 })
        #expect(everywhere.accepts("192.168.1.5"))
        #expect(everywhere.accepts("[fe80::1]:80"))
        #expect(!everywhere.accepts("rebind.example"))
    }
}
