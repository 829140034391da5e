import Foundation
import Testing

@testable import Marfa

@Suite struct BrowserSignInTests {
    @Test func ownerApprovesFewerScopesAndTheServerCallsWork() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        let credential = try await auth.signIn(with: OwnerBrowser(scopes: ["config.manage", "offline_access"]))
        #expect(credential.accessToken.hasPrefix("marfa_at_"))
        #expect(credential.refreshToken != nil)
        #expect(Set(credential.scopes) == ["config.manage", "offline_access"])
        #expect(credential.replacedGrantStands == false)
        #expect(!String(describing: credential).contains(credential.accessToken))

        let kept = try #require(try auth.credential())
        #expect(kept == credential)

        let server = try Server(url: fixture.instance.url, credential: kept)
        let config = try await server.config()
        #expect(config.instanceID == fixture.instance.instanceID)
        #expect(try await auth.server(at: fixture.instance.url).config() == config)

        try fixture.expectNoTokenOutsideKeyStore([credential.accessToken, credential.refreshToken!])
        await fixture.stop()
    }

    @Test func anApprovalWithAnotherStateIsRefused() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        await #expect(throws: SignInError.stateMismatch) {
            _ = try await auth.signIn(with: OwnerBrowser(swapState: true))
        }
        #expect(try auth.credential() == nil)
        await fixture.stop()
    }

    @Test func aDeclinedApprovalIsDenied() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        await #expect(throws: SignInError.denied) { _ = try await auth.signIn(with: OwnerBrowser(approve: false)) }
        await fixture.stop()
    }

    @Test func aSignInWithoutRedirectThroughTheAppsRedirectIsNoRedirect() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        await #expect(throws: SignInError.noRedirect) {
            _ = try await auth.signIn(with: RedirectBrowser { page, _ in page })
        }
        await fixture.stop()
    }

    #if os(Linux)  // LoopbackBrowser is declared on Linux only
    @Test func aLoopbackSignInReceivesTheApprovalOnItsOwnPort() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        // The "system browser" here is the test's: it approves, then follows the redirect to the listener.
        let browser = LoopbackBrowser { page in
            let callback = try await OwnerBrowser().approve(redirect: URL(string: "http://127.0.0.1/unused")) { _ in
                page
            }
            _ = try await OwnerBrowser.send(.get, callback, form: nil)
        }
        let credential = try await auth.signIn(with: browser)
        #expect(credential.accessToken.hasPrefix("marfa_at_"))
        await fixture.stop()
    }

    @Test func aLoopbackSignInDoesntWaitForAnOpenerThatStaysInTheForeground() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        // Like `xdg-open` starting a browser: the approval arrives while the opener still runs.
        let browser = LoopbackBrowser { page in
            let callback = try await OwnerBrowser().approve(redirect: URL(string: "http://127.0.0.1/unused")) { _ in
                page
            }
            _ = try await OwnerBrowser.send(.get, callback, form: nil)
            try await Task.sleep(for: .seconds(30))
            throw SignInError.unavailable(message: "The sign-in waited for the browser to close.")
        }
        let credential = try await auth.signIn(with: browser)
        #expect(credential.accessToken.hasPrefix("marfa_at_"))
        await fixture.stop()
    }

    @Test func aLoopbackSignInEndsWhenTheOpenerFails() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil)
        let browser = LoopbackBrowser { _ in throw SignInError.unavailable(message: "No browser.") }
        await #expect(throws: SignInError.unavailable(message: "No browser.")) {
            _ = try await auth.signIn(with: browser)
        }
        await fixture.stop()
    }
    #endif

    @Test func anUnknownScopeIsRefusedByTheServer() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(scopes: ["not a scope"])
        await #expect { _ = try await auth.signIn(with: OwnerBrowser()) } throws: { error in
            if case SignInError.refused(let code, let message) = error { return !code.isEmpty && !message.isEmpty }
            return false
        }
        await fixture.stop()
    }

    @Test func theSignInBelongsToItsServer() async throws {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization()
        #expect(throws: SignInError.notSignedIn) { _ = try auth.server(at: fixture.instance.url) }
        _ = try await auth.signIn(with: OwnerBrowser())
        #expect(throws: SignInError.otherServer) { _ = try auth.server(at: URL(string: "http://127.0.0.1:1")!) }
        await fixture.stop()
    }
}
