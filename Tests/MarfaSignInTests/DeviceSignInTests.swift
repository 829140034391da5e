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
        #expect(device.expiresAt > Date())
        async let credential = device.credential()
        try await Task.sleep(for: .milliseconds(1500))
        try await fixture.decideDevice(userCode: device.userCode, approve: true, scopes: ["config.manage", "offline_access"])
        let approved = try await credential
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
        await #expect(throws: SignInError.denied) { _ = try await waiting.value }
        #expect(try auth.credential() == nil)
        await fixture.stop()
    }

    @Test func expiresWhenNobodyDecides() async throws {
        let fixture = try await SignInFixture { $0.deviceCodeLifetime = .seconds(2) }
        let auth = try fixture.authorization(redirect: nil)
        let device = try await auth.startDeviceSignIn()
        await #expect(throws: SignInError.expired) { _ = try await device.credential() }
        await fixture.stop()
    }
}
