import Foundation
import Testing

@testable import Marfa

@Suite struct DeviceSignInTests {
    @Test func approvedOnAnotherDevice() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        let device = try await auth.startDeviceSignIn()
        #expect(!device.userCode.isEmpty)
        #expect(device.verificationURL.absoluteString.hasPrefix(fixture.instance.url.absoluteString))
        #expect(device.expiresAt == fixture.clock.now.addingTimeInterval(600))
        let waiting = Task { try await device.credential() }
        // One poll (a second on) finds the request pending, and the device waits for the next.
        await fixture.clock.waitForSleepers(1)
        fixture.clock.advance(by: .seconds(1))
        await fixture.clock.waitForSleepers(1)
        try await fixture.decideDevice(
            userCode: device.userCode, approve: true, scopes: ["config.manage", "offline_access"])
        fixture.clock.advance(by: .seconds(1))
        let approved = try await waiting.value
        #expect(approved.accessToken.hasPrefix("marfa_at_"))
        #expect(Set(approved.scopes) == ["config.manage", "offline_access"])
        #expect(try auth.credential() == approved)
        _ = try await Server(url: fixture.instance.url, credential: approved).config()
        try fixture.expectNoTokenOutsideKeyStore([approved.accessToken, approved.refreshToken ?? approved.accessToken])
        await fixture.stop()
    }

    @Test func deniedOnAnotherDevice() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        let device = try await auth.startDeviceSignIn()
        let waiting = Task { try await device.credential() }
        try await fixture.decideDevice(userCode: device.userCode, approve: false)
        await fixture.clock.waitForSleepers(1)
        fixture.clock.advance(by: .seconds(1))
        await #expect(throws: SignInError.denied) { _ = try await waiting.value }
        #expect(try auth.credential() == nil)
        await fixture.stop()
    }

    @Test func expiresWhenNobodyDecides() async throws {
        let fixture = try await SignInFixture { $0.deviceCodeLifetime = .seconds(2) }
        let auth = try fixture.authorization(redirect: nil)
        let device = try await auth.startDeviceSignIn()
        let waiting = Task { try await device.credential() }
        // A poll a second on finds it pending; at two seconds the code has expired.
        for _ in 0..<2 {
            await fixture.clock.waitForSleepers(1)
            fixture.clock.advance(by: .seconds(1))
        }
        await #expect(throws: SignInError.expired) { _ = try await waiting.value }
        await fixture.stop()
    }
}
