import Foundation
import Testing

@testable import Marfa

@Suite struct SignOutTests {
    @Test func signOutEndsTheGrantWhenTheServerIsUp() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        let credential = try await auth.signIn(with: OwnerBrowser())
        #expect(try await auth.signOut())
        #expect(try auth.credential() == nil)
        await Self.expectRefused(credential, fixture)
        await #expect(throws: SignInError.notSignedIn) { try await auth.signOut() }
        await fixture.stop()
    }

    @Test func signOutWithTheServerDownDeletesAndAnswersFalse() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        _ = try await auth.signIn(with: OwnerBrowser())
        await fixture.stop()
        #expect(try await auth.signOut() == false)
        #expect(try auth.credential() == nil)
    }

    @Test func signOutWhileAnotherProcessHoldsTheSignInChangesNothing() async throws {
        let fixture = try await SignInFixture()
        // Sign-out and sign-in don't wait for the hold at all; the holder keeps it until the test lets go.
        let capturing = TokenCapturingTransport()
        let auth = try fixture.authorization(lockWait: .zero, transport: capturing)
        let credential = try await auth.signIn(with: OwnerBrowser())
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
        await #expect(throws: SignInError.heldElsewhere) { try await auth.signOut() }
        #expect(try auth.credential() == credential)
        // A new approval that can't be kept is revoked at the server, and the kept one stays.
        await #expect(throws: SignInError.heldElsewhere) { _ = try await auth.signIn(with: OwnerBrowser()) }
        #expect(try auth.credential() == credential)
        let unkept = try #require(capturing.tokens.last)
        #expect(capturing.tokens.count == 2 && unkept.access != credential.accessToken)
        try await Self.expectAccessRefused(unkept.access, fixture)
        var unkeptCredential = credential
        unkeptCredential.accessToken = unkept.access
        let unkeptRefresh: String = try #require(unkept.refresh)
        unkeptCredential.refreshToken = unkeptRefresh
        await Self.expectRefused(unkeptCredential, fixture)
        _ = try await Server(url: fixture.instance.url, key: credential.accessToken).config()
        release.finish()
        try await holder.value
        await fixture.stop()
    }

    @Test func signingInAgainWithTheKeptClientRevokesTheOldAccessToken() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        let old = try await auth.signIn(with: OwnerBrowser())
        let new = try await auth.signIn(with: OwnerBrowser())
        #expect(new.clientID == old.clientID)
        #expect(new.replacedGrantStands == false)
        try await Self.expectAccessRefused(old.accessToken, fixture)
        _ = try await Server(url: fixture.instance.url, key: new.accessToken).config()
        await fixture.stop()
    }

    @Test func signingInAgainWithANewClientEndsTheOldGrant() async throws {
        let fixture = try await SignInFixture()
        let old = try await fixture.authorization().signIn(with: OwnerBrowser())
        let auth = try fixture.authorization(redirect: URL(string: "com.example.other:/signed-in")!)
        let new = try await auth.signIn(with: OwnerBrowser())
        #expect(new.clientID != old.clientID)
        #expect(new.replacedGrantStands == false)
        await Self.expectRefused(old, fixture)
        #expect(try auth.credential()?.replacedGrantStands == false)
        await fixture.stop()
    }

    @Test func aReplacedGrantThatCouldNotBeEndedStands() async throws {
        let fixture = try await SignInFixture()
        let first = try fixture.authorization()
        _ = try await first.signIn(with: OwnerBrowser())
        // Make the old sign-in's revocation door unreachable.
        let data = try #require(try fixture.keys.read(service: SignInFixture.service, account: first.account))
        var kept = try JSONDecoder().decode(KeptSignIn.self, from: data)
        kept.endpoints.revocation = URL(string: "http://127.0.0.1:1/auth/oauth2/revoke")
        try kept.write(to: fixture.keys, service: SignInFixture.service, account: first.account)

        let auth = try fixture.authorization(redirect: URL(string: "com.example.other:/signed-in")!)
        let new = try await auth.signIn(with: OwnerBrowser())
        #expect(new.replacedGrantStands)
        #expect(try auth.credential()?.replacedGrantStands == false)
        await fixture.stop()
    }

    /// The credential's refresh token is refused (its grant ended).
    static func expectRefused(_ credential: Credential, _ fixture: SignInFixture) async {
        await #expect {
            _ = try await OAuthWire().token(
                at: credential.tokenEndpoint!,
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", credential.refreshToken!),
                    ("client_id", credential.clientID!),
                ])
        } throws: { error in
            if case SignInError.refused = error { return true }
            return false
        }
    }

    static func expectAccessRefused(_ token: String, _ fixture: SignInFixture) async throws {
        let server = try Server(url: fixture.instance.url, key: token)
        await #expect {
            _ = try await server.config()
        } throws: { error in
            if case MarfaError.unauthorized = error { return true }
            return false
        }
    }
}
