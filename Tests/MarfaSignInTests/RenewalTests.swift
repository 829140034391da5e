import Foundation
import Testing

@testable import Marfa

@Suite struct RenewalTests {
    @Test func twentyConcurrentCallsMakeOneRefresh() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(2) }
        let counting = RefreshCountingTransport()
        let auth = try fixture.authorization(transport: counting)
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try Server(url: fixture.instance.url, credential: first)
        _ = try await server.config()
        fixture.clock.advance(by: .milliseconds(2200))

        let before = auth.refreshCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await server.config() } }
            try await group.waitForAll()
        }
        #expect(auth.refreshCount - before == 1)
        #expect(counting.refreshes == 1, "refresh requests on the wire")
        let renewed = try #require(try auth.credential())
        #expect(renewed.accessToken != first.accessToken)
        #expect(renewed.refreshToken != first.refreshToken)
        try fixture.expectNoTokenOutsideKeyStore(
            [first.accessToken, first.refreshToken!, renewed.accessToken, renewed.refreshToken!])
        await fixture.stop()
    }

    @Test func aReusedRefreshTokenEndsTheGrant() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let auth = try fixture.authorization()
        _ = try await auth.signIn(with: OwnerBrowser())
        let rotatedAway = try #require(try fixture.keys.read(service: SignInFixture.service, account: auth.account))
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(1500))
        _ = try await server.config()  // renews: the kept refresh token rotates
        let current = try #require(try auth.credential())

        // Put the rotated-away pair back, as a stale copy would, and let it renew.
        try fixture.keys.write(rotatedAway, service: SignInFixture.service, account: auth.account)
        auth.source.adopt(nil)
        fixture.clock.advance(by: .milliseconds(1500))
        await #expect {
            _ = try await server.config()
        } throws: { error in
            if case MarfaError.signedOut = error { return !"\(error)".contains("marfa_") }
            return false
        }
        #expect(try auth.credential() == nil)
        // The whole grant ended: the newest refresh token is refused too.
        let wire = OAuthWire()
        await #expect {
            _ = try await wire.token(
                at: current.tokenEndpoint!,
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", current.refreshToken!),
                    ("client_id", current.clientID!),
                ])
        } throws: { error in
            if case SignInError.refused(code: "invalid_grant", _) = error { return true }
            return false
        }
        await fixture.stop()
    }

    @Test func threeProcessesRenewingAtOnceMakeOneRefresh() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(4) }
        let auth = try fixture.authorization()
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try Server(url: fixture.instance.url, credential: first)
        // The instance's clock passes the token's life; the probes' calls meet the same instance.
        fixture.clock.advance(by: .milliseconds(4200))

        // Two other processes and this one renew the same kept sign-in at once.
        let probes = try (0..<2).map { _ in
            let probe = Process()
            probe.executableURL = try Self.probeExecutable()
            probe.arguments = [fixture.instance.url.absoluteString, fixture.keys.folder.path, SignInFixture.service]
            let output = Pipe()
            probe.standardOutput = output
            return (probe, output)
        }
        let before = auth.refreshCount
        for (probe, _) in probes { try probe.run() }
        _ = try await server.config()
        var refreshes = auth.refreshCount - before
        for (probe, output) in probes {
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            #expect(probe.terminationStatus == 0, "\(printed)")
            #expect(printed.hasPrefix("ok "))
            refreshes +=
                Int(printed.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 99
        }
        #expect(refreshes == 1)
        let renewed = try #require(try auth.credential())
        #expect(renewed.accessToken != first.accessToken)
        await fixture.stop()
    }

    @Test func aRenewalWhileAnotherProcessHoldsTheSignInFailsAndChangesNothing() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        // The renewal doesn't wait for the hold at all: the holder keeps it until the test lets go.
        let auth = try fixture.authorization(lockWait: .zero)
        _ = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        let keptBefore = try fixture.keys.read(service: SignInFixture.service, account: auth.account)
        fixture.clock.advance(by: .milliseconds(1200))
        let keys = fixture.keys, account = auth.account
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await keys.withExclusiveAccess(service: SignInFixture.service, account: account, wait: .seconds(1)) {
                holding.yield()
                for await _ in released { break }
            }
        }
        for await _ in held { break }
        await #expect {
            _ = try await server.config()
        } throws: { error in
            if case MarfaError.noKeychain = error { return true }
            return false
        }
        #expect(try fixture.keys.read(service: SignInFixture.service, account: auth.account) == keptBefore)
        release.finish()
        try await holder.value
        _ = try await server.config()
        await fixture.stop()
    }

    /// `signin-probe`, built beside the test bundle.
    static func probeExecutable() throws -> URL {
        var folders = CommandLine.arguments.filter { $0.contains(".xctest") }.map {
            URL(fileURLWithPath: $0).deletingLastPathComponent()
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("signin-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ProbeMissing(searched: folders.map(\.path))
    }

    struct ProbeMissing: Error { var searched: [String] }
}
