import Foundation
import MarfaTesting
import Testing

@testable import Marfa

@Suite struct AuthorizeAddressTests {
    let redirect = URL(string: "com.example.readinglist:/signed-in")!

    @Test func authorizeAddressCarriesTheFlow() throws {
        let url = Authorization.authorizeURL(
            URL(string: "https://marfa.example/auth/oauth2/authorize")!, clientID: "c1", redirect: redirect,
            scope: "core.note:read offline_access", state: "st+ate", challenge: "ch")
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(
            query == [
                "response_type": "code", "client_id": "c1", "redirect_uri": "com.example.readinglist:/signed-in",
                "scope": "core.note:read offline_access", "state": "st+ate", "code_challenge": "ch",
                "code_challenge_method": "S256",
            ])
        #expect(url.absoluteString.contains("state=st%2Bate"))
    }

    @Test func callbackGivesTheCodeForTheRightState() throws {
        let callback = URL(string: "com.example.readinglist:/signed-in?code=abc&state=s1&iss=x")!
        #expect(try Authorization.code(from: callback, redirect: redirect, state: "s1") == "abc")
    }

    @Test func callbackWithAnotherStateIsAStateMismatch() {
        let callback = URL(string: "com.example.readinglist:/signed-in?code=abc&state=other")!
        #expect(throws: SignInError.stateMismatch) {
            try Authorization.code(from: callback, redirect: redirect, state: "s1")
        }
        let noState = URL(string: "com.example.readinglist:/signed-in?code=abc")!
        #expect(throws: SignInError.stateMismatch) {
            try Authorization.code(from: noState, redirect: redirect, state: "s1")
        }
    }

    @Test func declinedCallbackIsDenied() {
        let callback = URL(string: "com.example.readinglist:/signed-in?error=access_denied&state=s1")!
        #expect(throws: SignInError.denied) { try Authorization.code(from: callback, redirect: redirect, state: "s1") }
        let other = URL(string: "com.example.readinglist:/signed-in?error=invalid_scope&error_description=No&state=s1")!
        #expect {
            try Authorization.code(from: other, redirect: redirect, state: "s1")
        } throws: { error in
            if case SignInError.refused(code: "invalid_scope", _) = error { return true }
            return false
        }
    }

    @Test func addressThatIsNotAServerIsRefused() {
        for text in ["ftp://marfa.example", "file:///tmp/x", "https://"] {
            #expect(throws: SignInError.notAServer) {
                _ = try Authorization(
                    server: URL(string: text)!, client: .init(name: "A", redirect: nil, scopes: []), service: "s")
            }
        }
    }

    @Test func seedSampleCompiles() throws {
        let serverURL = URL(string: "https://marfa.example")!
        let auth = try Authorization(
            server: serverURL,
            client: .init(
                name: "Reading List",
                redirect: URL(string: "com.example.readinglist:/signed-in"),
                scopes: ["core.note:read", "core.note:write"]),
            service: "com.example.readinglist", store: MemoryKeyStore())
        #expect(try auth.credential() == nil)
        #expect(auth.requestedScope == "core.note:read core.note:write offline_access")
        #expect(auth.server.absoluteString == "https://marfa.example")
    }

    @Test(
        "a redirect that isn't a private-use address with a path and no host is refused",
        arguments: [
            "com.example.app://callback", "https://app.example/signed-in", "http://127.0.0.1/signed-in",
            "example:/signed-in",
            "com.example.app:signed-in", "com.example.app:/", "com.example.app:/signed-in#x", "com.example.app:/a%5Cb",
            "com.example.app:/a%0Ab", "Com.Example.App:/signed-in",
        ])
    func redirectMustBePrivateUse(_ text: String) throws {
        let redirect = try #require(URL(string: text))
        #expect(throws: SignInError.noRedirect) {
            _ = try Authorization(
                server: URL(string: "https://marfa.example")!,
                client: .init(name: "App", redirect: redirect, scopes: ["a:read"]),
                service: "com.example.app", store: MemoryKeyStore())
        }
    }

    @Test func theSeedsRedirectsAreAccepted() throws {
        for text in [
            "com.example.readinglist:/signed-in", "com.example.app:/signed-in?x=1", "com.example.other:/signed-in",
        ] {
            _ = try Authorization(
                server: URL(string: "https://marfa.example")!,
                client: .init(name: "App", redirect: URL(string: text), scopes: ["a:read"]),
                service: "com.example.app", store: MemoryKeyStore())
        }
    }

    @Test func redirectBrowserNeedsARedirect() async throws {
        let browser = RedirectBrowser { page, _ in page }
        await #expect(throws: SignInError.noRedirect) {
            _ = try await browser.approve(redirect: nil) { $0 }
        }
        let closing = RedirectBrowser { _, _ in throw CancellationError() }
        await #expect(throws: SignInError.canceled) {
            _ = try await closing.approve(redirect: redirect) { $0 }
        }
    }

    @Test func keptSignInThatCannotBeReadIsUnreadable() throws {
        let store = MemoryKeyStore()
        let auth = try Authorization(
            server: URL(string: "https://marfa.example")!, client: .init(name: "A", redirect: nil, scopes: ["x:read"]),
            service: "svc", store: store)
        try store.write(Data("{}".utf8), service: "svc", account: auth.account)
        #expect { try auth.credential() } throws: { error in
            if case SignInError.unreadable = error { return true }
            return false
        }
        try store.write(Data("not json".utf8), service: "svc", account: auth.account)
        store.makeUnreadable("svc")
        #expect { try auth.credential() } throws: { error in
            if case SignInError.unreadable = error { return true }
            return false
        }
    }

    @Test func unreachableServerIsUnavailable() async throws {
        let auth = try Authorization(
            server: URL(string: "http://127.0.0.1:1")!, client: .init(name: "A", redirect: nil, scopes: ["x:read"]),
            service: "svc", store: MemoryKeyStore())
        await #expect { _ = try await auth.startDeviceSignIn() } throws: { error in
            if case SignInError.unavailable = error { return true }
            return false
        }
    }
}
