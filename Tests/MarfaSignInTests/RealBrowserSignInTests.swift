import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import Marfa

#if os(Linux)  // its loopback sign-ins use LoopbackBrowser, declared on Linux only
/// Sign-in through the local instance's pages in a real browser: headless Chromium driven over
/// WebDriver, JavaScript off, at a phone's width. The owner types, unticks and clicks; the app
/// side is the real `Authorization` with a `LoopbackBrowser` or a `DeviceSignIn`. Each page state
/// is screenshotted to `browser-screenshots/` in the build folder and checked not to be blank.
@Suite(
    .serialized, .sharedBrowser, .timeLimit(.minutes(2)),
    .enabled(
        if: HeadlessBrowser.isInstalled,
        "chromedriver or chromium is not installed (Debian's chromium-driver and chromium; `make deps` installs them)"))
struct RealBrowserSignInTests {
    static let scopes = ["core.note:read", "core.note:write", "config.manage"]

    var browser: HeadlessBrowser {
        get throws { try #require(HeadlessBrowser.current, "the suite's browser didn't start") }
    }

    /// A fresh instance and an `Authorization` for `scopes`, with a loopback sign-in started whose
    /// consent page `browser` shows (its address edited by `changePage` first); the caller cancels it.
    private func startSignIn(
        in browser: HeadlessBrowser, changePage: @escaping @Sendable (URL) -> URL = { $0 }
    ) async throws -> (SignInFixture, Authorization, Task<Credential, any Error>) {
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil, scopes: Self.scopes)
        let opener = BrowserOpener(browser, changePage: changePage)
        let signIn = Task { try await auth.signIn(with: opener.loopback) }
        try await opener.pageShown()
        return (fixture, auth, signIn)
    }

    @Test func theOwnerUnticksAScopeAndTheAppGetsFewer() async throws {
        let browser = try browser
        let (fixture, auth, signedIn) = try await startSignIn(in: browser)
        defer { signedIn.cancel() }

        #expect(try await browser.driver.title() == "Allow Reading List? · Marfa (local)")
        let text = try await browser.pageText()
        for words in [
            "Read your notes", "Change your notes", "Manage the instance's settings", "Marfa (local)",
            "an app on this computer, waiting at 127.0.0.1:", "Untick anything you don't want to allow",
            "stay signed in until you revoke it",
        ] {
            #expect(text.contains(words), "the consent page doesn't say “\(words)”")
        }
        try await browser.checkPage("consent")

        try await browser.driver.element("input[value='core.note:write']").click()
        #expect(
            try await browser.driver.element("input[value='core.note:write']").property("checked") as? Bool == false)
        try await browser.decide("approve")
        let credential = try await signedIn.value
        #expect(Set(credential.scopes) == ["core.note:read", "config.manage", "offline_access"])
        #expect(try auth.credential() == credential)
        _ = try await Server(url: fixture.instance.url, credential: credential).config()

        #expect(try await browser.driver.element("h1").text() == "Approved")
        try await browser.checkPage("loopback-approved")
        let grants = try await fixture.liveGrants()
        #expect(grants.count == 1)
        #expect(
            Set(grants.first?["scopes"] as? [String] ?? []) == ["core.note:read", "config.manage", "offline_access"])
        await fixture.stop()
    }

    @Test func aDeclineInTheBrowserEndsInDenied() async throws {
        let browser = try browser
        let (fixture, auth, signedIn) = try await startSignIn(in: browser)
        defer { signedIn.cancel() }
        try await browser.decide("deny", password: nil)
        await #expect(throws: SignInError.denied) { _ = try await signedIn.value }
        #expect(try auth.credential() == nil)
        #expect(try await browser.driver.element("h1").text() == "Not signed in")
        try await browser.checkPage("loopback-declined")
        #expect(try await fixture.liveGrants().isEmpty)
        await fixture.stop()
    }

    @Test func aDeviceIsSignedInByTypingItsCodeInTheBrowser() async throws {
        let browser = try browser
        let fixture = try await SignInFixture()
        let auth = try fixture.authorization(redirect: nil, scopes: Self.scopes)
        let device = try await auth.startDeviceSignIn()
        let waiting = Task { try await device.credential() }
        await fixture.clock.waitForSleepers(1)

        try await browser.enterCode(of: device, checkingEntryPage: "device-entry")

        let text = try await browser.pageText()
        #expect(
            text.contains(device.userCode) && text.contains("Read your notes")
                && text.contains("Only approve if the device"))
        try await browser.checkPage("device-consent")
        try await browser.driver.element("input[value='config.manage']").click()
        try await browser.decide("approve")
        #expect(try await browser.driver.element("h1").text() == "Device signed in")
        try await browser.checkPage("device-approved")

        fixture.clock.advance(by: .seconds(1))
        let credential = try await waiting.value
        #expect(Set(credential.scopes) == ["core.note:read", "core.note:write", "offline_access"])
        #expect(try auth.credential() == credential)
        await fixture.stop()
    }

    @Test func wrongPasswordsShowAMessageAndFiveCloseTheRequest() async throws {
        let browser = try browser
        let (fixture, _, signedIn) = try await startSignIn(in: browser)
        defer { signedIn.cancel() }

        try await browser.driver.element("input[value='config.manage']").click()
        try await browser.decide("approve", password: "not the password")
        #expect(
            try await browser.driver.element("[role=alert]").text()
                == "The owner password is wrong. 4 more wrong passwords close this request.")
        #expect(
            try await browser.driver.element("input[value='config.manage']").property("checked") as? Bool == false,
            "the owner's choices survive a wrong password")
        #expect(try await browser.driver.element("#password").property("value") as? String == "")
        try await browser.checkPage("consent-wrong-password")
        for _ in 0..<4 { try await browser.decide("approve", password: "still wrong") }

        await #expect(throws: SignInError.denied) { _ = try await signedIn.value }
        #expect(try await browser.pageText().contains("Too many wrong owner passwords"))
        try await browser.checkPage("loopback-too-many-passwords")
        #expect(try await fixture.liveGrants().isEmpty)
        await fixture.stop()
    }

    @Test func anExpiredRequestOrDeviceCodeShowsAMessageAndGrantsNothing() async throws {
        let browser = try browser
        let (fixture, auth, signIn) = try await startSignIn(in: browser)
        defer { signIn.cancel() }
        fixture.clock.advance(by: .seconds(10 * 60 + 1))
        try await browser.decide("approve")
        #expect(try await browser.driver.element("h1").text() == "This sign-in request expired")
        try await browser.checkPage("consent-expired")
        signIn.cancel()
        await #expect(throws: SignInError.canceled) { _ = try await signIn.value }

        let device = try await auth.startDeviceSignIn()
        fixture.clock.advance(by: .seconds(10 * 60 + 1))
        try await browser.enterCode(of: device)
        #expect(try await browser.driver.element("[role=alert]").text().contains("any more: it expired"))
        try await browser.checkPage("device-expired")
        #expect(try await fixture.liveGrants().isEmpty)
        await fixture.stop()
    }

    @Test func aReusedOrForgedRequestOrCodeShowsAMessageAndGrantsNothingMore() async throws {
        let browser = try browser
        let (fixture, auth, signedIn) = try await startSignIn(in: browser)
        defer { signedIn.cancel() }
        let consentPage = try await browser.driver.currentURL()
        try await browser.decide("approve")
        _ = try await signedIn.value

        // The consent page again (as Back would show it): the request was answered.
        try await browser.driver.open(consentPage)
        #expect(try await browser.driver.element("h1").text() == "This sign-in request can't be used")
        try await browser.checkPage("consent-reused")
        var forged = URLComponents(url: consentPage, resolvingAgainstBaseURL: false)!
        forged.queryItems = forged.queryItems?.map {
            $0.name == "consent_code" ? URLQueryItem(name: $0.name, value: "forged") : $0
        }
        try await browser.driver.open(forged.url!)
        #expect(try await browser.pageText().contains("was already answered or closed, or its link is incomplete"))

        let device = try await auth.startDeviceSignIn()
        try await fixture.decideDevice(userCode: device.userCode, approve: true)
        try await browser.enterCode(of: device)
        #expect(try await browser.driver.element("[role=alert]").text().contains("it was already used"))
        try await browser.checkPage("device-reused")
        #expect(try await fixture.liveGrants().count == 1, "only the first sign-in's grant")
        await fixture.stop()
    }

    @Test func anApprovalWithATamperedStateShowsAMessageAndIsRefused() async throws {
        let browser = try browser
        let (fixture, auth, signedIn) = try await startSignIn(in: browser) { page in
            var components = URLComponents(url: page, resolvingAgainstBaseURL: false)!
            components.queryItems = components.queryItems?.map {
                $0.name == "state" ? URLQueryItem(name: "state", value: "tampered") : $0
            }
            return components.url!
        }
        defer { signedIn.cancel() }
        try await browser.decide("approve")
        await #expect(throws: SignInError.stateMismatch) { _ = try await signedIn.value }
        #expect(try await browser.driver.element("h1").text() == "This answer isn't for this sign-in")
        try await browser.checkPage("loopback-other-state")
        #expect(try auth.credential() == nil)
        #expect(try await fixture.liveGrants().isEmpty)
        await fixture.stop()
    }

    @Test func aBlankPageIsNotTakenForADrawnOne() async throws {
        let browser = try browser
        try await browser.driver.open(URL(string: "about:blank")!)
        let blank = try ScreenshotImage(png: try await browser.driver.screenshot())
        #expect(blank.width == HeadlessBrowser.viewport.width && blank.height == HeadlessBrowser.viewport.height)
        #expect(!blank.isDrawn)
        #expect(blank.distinctColours == 1)
    }

    /// A redirect URI a browser reads as another host (`evil.example\@127.0.0.1` is host
    /// `evil.example` to WHATWG rules), or with a fragment or user info, is refused at authorize:
    /// the browser stays on the instance's 400 and is sent nowhere. The registered one on another
    /// loopback port still reaches the consent page.
    @Test func aRedirectABrowserWouldReadAsAnotherHostLeavesTheBrowserOnTheInstance() async throws {
        let browser = try browser
        let fixture = try await SignInFixture()
        let origin = fixture.instance.url
        let registration =
            #"{"client_name":"Hostile","redirect_uris":["http://127.0.0.1:53682/cb"],"application_type":"native","token_endpoint_auth_method":"none"}"#
        let (response, body) = try await DefaultTransport.make().send(
            HTTPRequest(method: .post, path: "/oauth2/register", headerFields: ["Content-Type": "application/json"]),
            body: HTTPBody(registration), baseURL: origin, operationID: "register")
        #expect(response.status == 201)
        let registered =
            try JSONSerialization.jsonObject(with: Data(try await body?.collect(upTo: 1 << 20) ?? [])) as? [String: Any]
        let clientID = try #require(registered?["client_id"] as? String)
        func authorize(_ redirect: String) throws -> URL {
            var components = try #require(
                URLComponents(
                    url: origin.appendingPathComponent("auth/oauth2/authorize"), resolvingAgainstBaseURL: false))
            components.queryItems = [
                .init(name: "response_type", value: "code"), .init(name: "client_id", value: clientID),
                .init(name: "redirect_uri", value: redirect),
                .init(name: "scope", value: "core.note:read"), .init(name: "state", value: "s"),
                .init(name: "code_challenge", value: PKCE().challenge),
                .init(name: "code_challenge_method", value: "S256"),
            ]
            return try #require(components.url)
        }
        for redirect in [
            "http://evil.example\\@127.0.0.1:53682/cb", "http://evil.example%5C@127.0.0.1:53682/cb",
            "http://127.0.0.1:53682/cb#frag", "http://user@127.0.0.1:53682/cb",
        ] {
            try await browser.driver.open(try authorize(redirect))
            let shown = try await browser.driver.currentURL()
            #expect(shown.host == "127.0.0.1" && shown.port == origin.port, "\(redirect): the browser went to \(shown)")
            #expect(shown.path == "/auth/oauth2/authorize", "\(redirect)")
            #expect(try await browser.driver.source().contains("invalid_request"), "\(redirect)")
        }
        try await browser.driver.open(try authorize("http://127.0.0.1:40001/cb"))
        let consent = try await browser.driver.currentURL()
        #expect(consent.host == "127.0.0.1" && consent.port == origin.port && consent.path == "/auth/authorize")
        #expect(try await browser.pageText().contains("an app on this computer, waiting at 127.0.0.1:40001"))
        await fixture.stop()
    }
}
#endif
