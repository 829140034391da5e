import Foundation
import MarfaClock
import MarfaHTTP
import MarfaHTTPServer
import MarfaTesting
import Synchronization
import Testing

@testable import Marfa

/// Device polling against a scripted server, for what the local instance can't be made to do on
/// cue. The device waits on a `ManualClock` the test moves.
@Suite struct DevicePollingTests {
    /// A scripted OAuth server: discovery, registration, a device code, and a token door that
    /// answers the scripted errors in turn, then tokens. It records when (on `clock`) each poll came.
    final class ScriptedServer: Sendable {
        final class Script: Sendable {
            let errors: Mutex<[String]>
            let polls = Mutex<[Date]>([])
            init(_ errors: [String]) { self.errors = Mutex(errors) }
        }

        let server = MicroHTTPDServer(host: "127.0.0.1", port: 0)
        let script: Script
        let clock: ManualClock
        var polls: [Date] { script.polls.withLock { $0 } }

        static func json(_ status: Int, _ text: String) -> (HTTPResponse, HTTPBody?) {
            var response = HTTPResponse(status: status)
            response.headerFields["Content-Type"] = "application/json"
            return (response, HTTPBody(text))
        }

        init(
            tokenErrors: [String], clock: ManualClock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        ) throws {
            let script = Script(tokenErrors)
            self.script = script
            self.clock = clock
            let server = server
            let json = Self.json
            try server.register(
                { _, _, _ in
                    let origin = server.url.absoluteString
                    return json(
                        200,
                        """
                        {"issuer":"\(origin)/auth","authorization_endpoint":"\(origin)/authorize","token_endpoint":"\(origin)/token",
                         "registration_endpoint":"\(origin)/register","device_authorization_endpoint":"\(origin)/device",
                         "revocation_endpoint":"\(origin)/revoke"}
                        """)
                }, method: .get, path: "/.well-known/oauth-authorization-server/auth")
            try server.register(
                { _, _, _ in json(201, #"{"client_id":"scripted"}"#) }, method: .post, path: "/register")
            try server.register(
                { _, _, _ in
                    json(
                        200,
                        #"{"device_code":"dc","user_code":"ABCD-EFGH","verification_uri":"http://127.0.0.1/device","expires_in":60,"interval":1}"#
                    )
                }, method: .post, path: "/device")
            try server.register(
                { _, _, _ in
                    script.polls.withLock { $0.append(clock.now) }
                    if let error = script.errors.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                        return json(400, #"{"error":"\#(error)"}"#)
                    }
                    return json(
                        200,
                        #"{"access_token":"marfa_at_scripted","token_type":"Bearer","expires_in":60,"refresh_token":"marfa_rt_scripted","scope":"a:read offline_access"}"#
                    )
                }, method: .post, path: "/token")
            try server.start()
        }

        /// An `Authorization` of the app against this server, waiting on its clock.
        func authorization(redirect: URL? = nil) throws -> Authorization {
            try Authorization(
                server: server.url, client: .init(name: "A", redirect: redirect, scopes: ["a:read"]), service: "svc",
                store: MemoryKeyStore(), transport: nil, lockWait: .seconds(10), clock: clock)
        }

        /// Lets the device's wait end: waits for it to begin, then moves the clock by `step`.
        func advancePoller(by step: Duration) async {
            await clock.waitForSleepers(1)
            clock.advance(by: step)
        }
    }

    @Test func slowDownAddsFiveSecondsToTheInterval() async throws {
        let scripted = try ScriptedServer(tokenErrors: ["authorization_pending", "slow_down"])
        let auth = try scripted.authorization()
        let device = try await auth.startDeviceSignIn()
        #expect(device.userCode == "ABCD-EFGH")
        let waiting = Task { try await device.credential() }
        await scripted.advancePoller(by: .seconds(1))  // authorization_pending
        await scripted.advancePoller(by: .seconds(1))  // slow_down: the interval becomes six seconds
        await scripted.advancePoller(by: .seconds(5))
        #expect(scripted.clock.sleeperCount == 1, "no poll five seconds after slow_down")
        #expect(scripted.polls.count == 2)
        scripted.clock.advance(by: .seconds(1))
        let credential = try await waiting.value
        #expect(credential.scopes == ["a:read", "offline_access"])
        let polls = scripted.polls
        try #require(polls.count == 3)
        #expect(polls[1].timeIntervalSince(polls[0]) == 1)
        #expect(polls[2].timeIntervalSince(polls[1]) == 6)
        await scripted.server.shutdown()
    }

    @Test func anOtherOAuthErrorIsRefused() async throws {
        let scripted = try ScriptedServer(tokenErrors: ["invalid_client"])
        let auth = try scripted.authorization()
        let device = try await auth.startDeviceSignIn()
        let waiting = Task { try await device.credential() }
        await scripted.advancePoller(by: .seconds(1))
        await #expect { _ = try await waiting.value } throws: { error in
            if case SignInError.refused(code: "invalid_client", _) = error { return true }
            return false
        }
        await scripted.server.shutdown()
    }

    @Test func aBrowserThatCannotOpenIsUnavailableAndAClosedOneCanceled() async throws {
        let scripted = try ScriptedServer(tokenErrors: [])
        let auth = try Authorization(
            server: scripted.server.url,
            client: .init(name: "A", redirect: URL(string: "com.example.app:/signed-in"), scopes: ["a:read"]),
            service: "svc", store: MemoryKeyStore())
        struct NoBrowser: Error {}
        await #expect {
            _ = try await auth.signIn(with: RedirectBrowser { _, _ in throw NoBrowser() })
        } throws: { error in
            if case SignInError.unavailable = error { return true }
            return false
        }
        await #expect(throws: SignInError.canceled) {
            _ = try await auth.signIn(with: RedirectBrowser { _, _ in throw CancellationError() })
        }
        await scripted.server.shutdown()
    }
}
