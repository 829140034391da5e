import Foundation
import MarfaClock
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

@Suite struct DeviceFlowTests {
    /// Options with the device code's pacing and life, on `clock` (a fresh manual one by default).
    static func options(
        interval: Int = 1, lifetime: Duration = .seconds(600), clock: any MarfaClock = ManualClock()
    ) -> LocalInstance.Options {
        var options = LocalInstance.Options(log: { _ in })
        options.signIn.devicePollInterval = interval
        options.signIn.deviceCodeLifetime = lifetime
        options.clock = clock
        return options
    }

    /// `POST /auth/device/code`, answered as JSON.
    static func start(_ player: OAuthPlayer, client: String, scope: String) async throws -> RawAnswer {
        let answer = try await player.send(.post, "/auth/device/code", form: [("client_id", client), ("scope", scope)])
        #expect(answer.status == 200, "\(answer.text)")
        return answer
    }

    static func poll(_ player: OAuthPlayer, client: String, deviceCode: String) async throws -> RawAnswer {
        try await player.token([
            ("grant_type", OAuthGrantType.deviceCode), ("device_code", deviceCode), ("client_id", client),
        ])
    }

    /// The person's side: the entry page, the code typed loosely, the consent page and the decision.
    static func decide(
        _ player: OAuthPlayer, userCode: String, approve: Bool, scopes: [String]
    ) async throws -> RawAnswer {
        let entry = try await player.send(.get, "/auth/device")
        #expect(entry.status == 200)
        #expect(entry.text.contains("name=\"user_code\""))
        let typed = userCode.lowercased().replacingOccurrences(of: "-", with: " ")
        let submitted = try await player.send(
            .post, "/auth/device", form: [("user_code", typed)], headers: ["Origin": player.origin])
        #expect(submitted.status == 302, "\(submitted.text)")
        let consentPath = try player.localPath(submitted.headers["Location"])
        let consent = try await player.send(.get, consentPath)
        #expect(consent.status == 200)
        #expect(consent.text.contains("type=\"password\""))
        #expect(OAuthPlayer.hiddenValue("user_code", in: consent.text) == userCode)
        var form: [(String, String)] = [("user_code", userCode), ("password", player.ownerPassword)]
        form += scopes.map { ("scope", $0) }
        form.append(("decision", approve ? "approve" : "deny"))
        return try await player.send(.post, "/auth/device/consent", form: form, headers: ["Origin": player.origin])
    }

    @Test func aDeviceIsApprovedWhilePollingPendingThenGetsTokens() async throws {
        let clock = ManualClock()
        try await LocalTestInstance.with(options: Self.options(clock: clock)) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let codes = try await Self.start(
                player, client: client, scope: "core.note:read core.task:read offline_access")
            let deviceCode = try #require(codes.json["device_code"]?.string)
            let userCode = try #require(codes.json["user_code"]?.string)
            #expect(userCode.count == 9 && userCode.dropFirst(4).first == "-")
            #expect(codes.json["verification_uri"]?.string == player.origin + "/auth/device")
            #expect(
                codes.json["verification_uri_complete"]?.string == player.origin + "/auth/device?user_code=" + userCode)
            #expect(codes.json["interval"]?.int == 1)
            #expect(codes.json["expires_in"]?.int == 600)

            let pending = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(pending.status == 400)
            #expect(pending.json["error"]?.string == "authorization_pending")

            let done = try await Self.decide(player, userCode: userCode, approve: true, scopes: ["core.note:read"])
            #expect(done.status == 200)
            #expect(done.text.contains("Return to your device"))
            clock.advance(by: .milliseconds(1100))
            let tokens = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(tokens.status == 200, "\(tokens.text)")
            #expect(tokens.json["scope"]?.string == "core.note:read offline_access")
            let access = try #require(tokens.json["access_token"]?.string)
            #expect(try await local.send(.get, "/items?type=core.note", key: access).status == 200)
            clock.advance(by: .milliseconds(1100))
            let again = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(again.json["error"]?.string == "invalid_grant")
        }
    }

    @Test func aDeclinedDeviceGetsAccessDenied() async throws {
        try await LocalTestInstance.with(options: Self.options()) { local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let codes = try await Self.start(player, client: client, scope: "core.note:read")
            let denied = try await Self.decide(
                player, userCode: codes.json["user_code"]?.string ?? "", approve: false, scopes: [])
            #expect(denied.status == 200)
            let answer = try await Self.poll(
                player, client: client, deviceCode: codes.json["device_code"]?.string ?? "")
            #expect(answer.status == 400)
            #expect(answer.json["error"]?.string == "access_denied")
        }
    }

    @Test func pollingTooFastIsSlowDownAndAnOldCodeExpires() async throws {
        let clock = ManualClock()
        try await LocalTestInstance.with(options: Self.options(interval: 5, lifetime: .seconds(1), clock: clock)) {
            local in
            let player = OAuthPlayer(local.instance)
            let client = try await player.register()
            let codes = try await Self.start(player, client: client, scope: "core.note:read")
            let deviceCode = try #require(codes.json["device_code"]?.string)
            let first = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(first.json["error"]?.string == "authorization_pending")
            let second = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(second.status == 400)
            #expect(second.json["error"]?.string == "slow_down")
            clock.advance(by: .milliseconds(1200))
            let expired = try await Self.poll(player, client: client, deviceCode: deviceCode)
            #expect(expired.json["error"]?.string == "expired_token")
            let entry = try await player.send(
                .post, "/auth/device", form: [("user_code", codes.json["user_code"]?.string ?? "")],
                headers: ["Origin": player.origin])
            #expect(entry.status == 200, "an expired code shows the entry page again")
            #expect(entry.text.contains("No device is waiting"))
        }
    }

    @Test func unknownClientsAndCrossOriginEntriesAreRefused() async throws {
        try await LocalTestInstance.with(options: Self.options()) { local in
            let player = OAuthPlayer(local.instance)
            let unknown = try await player.send(
                .post, "/auth/device/code", form: [("client_id", "nobody"), ("scope", "core.note:read")])
            #expect(unknown.status == 401)
            #expect(unknown.json["error"]?.string == "invalid_client")
            let client = try await player.register()
            let codes = try await Self.start(player, client: client, scope: "core.note:read")
            let crossOrigin = try await player.send(
                .post, "/auth/device/consent",
                form: [
                    ("user_code", codes.json["user_code"]?.string ?? ""), ("password", player.ownerPassword),
                    ("decision", "approve"),
                ],
                headers: ["Origin": "http://evil.example"])
            #expect(crossOrigin.status == 403)
        }
    }
}
