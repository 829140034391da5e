import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime

/// A W3C WebDriver session: JSON commands over loopback HTTP to chromedriver, through the
/// package's own `CurlTransport`. Only what the sign-in pages need: open a page, find elements,
/// click, type, read, take screenshots.
struct WebDriver: Sendable {
    /// chromedriver's address, such as `http://127.0.0.1:40123`.
    let base: URL
    /// The session's ID; empty before `createSession`.
    let sessionID: String
    /// A command answers in well under a second; one that hangs (a page that never loads) fails
    /// the test after 30 seconds instead of holding it.
    #if canImport(CCurl)
    let transport = CurlTransport(configuration: .init(idleTimeout: .seconds(30)))
    #else
    let transport = URLSessionTransport(configuration: .init(idleTimeout: .seconds(30)))
    #endif

    /// A refusal WebDriver answered (`no such element`, `stale element reference`, …).
    struct Failure: Error, CustomStringConvertible {
        var error: String
        var message: String
        var description: String { "WebDriver \(error): \(message)" }
    }

    /// The key W3C WebDriver names an element reference by.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// Starts a browser through chromedriver at `base` with `capabilities`; answers its session and
    /// the browser's process ID when chromedriver names it (`goog:processID`).
    static func createSession(
        at base: URL, capabilities: [String: Any]
    ) async throws -> (WebDriver, browserProcess: Int32?) {
        let driver = WebDriver(base: base, sessionID: "")
        let value =
            try await driver.send(.post, "/session", ["capabilities": ["alwaysMatch": capabilities]]) as? [String: Any]
        guard let id = value?["sessionId"] as? String else {
            throw Failure(error: "session not created", message: "no sessionId in \(String(describing: value))")
        }
        let process = ((value?["capabilities"] as? [String: Any])?["goog:processID"] as? Int).map(Int32.init)
        return (WebDriver(base: base, sessionID: id), process)
    }

    /// Runs a Chrome DevTools Protocol command in the session's page (chromedriver's extension).
    func devTools(_ command: String, _ parameters: [String: Any]) async throws {
        _ = try await self.command(.post, "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }

    /// Ends the session and closes its browser.
    func deleteSession() async throws { _ = try await send(.delete, "/session/\(sessionID)") }

    /// Opens `url` and waits for it to load.
    func open(_ url: URL) async throws { _ = try await command(.post, "/url", ["url": url.absoluteString]) }

    /// The address of the page shown now.
    func currentURL() async throws -> URL {
        let text = try await command(.get, "/url") as? String ?? ""
        guard let url = URL(string: text) else { throw Failure(error: "bad url", message: text) }
        return url
    }

    /// The page's title.
    func title() async throws -> String { try await command(.get, "/title") as? String ?? "" }

    /// The page's HTML as the browser holds it.
    func source() async throws -> String { try await command(.get, "/source") as? String ?? "" }

    /// Goes back one page in the history.
    func back() async throws { _ = try await command(.post, "/back", [:]) }

    /// The first element matching the CSS `selector`; throws `no such element` when none does.
    /// The failure names the page shown, to tell a wrong page from a wrong selector.
    func element(_ selector: String) async throws -> Element {
        do {
            let value = try await command(.post, "/element", ["using": "css selector", "value": selector])
            return try Element(driver: self, reference: value)
        } catch var failure as Failure {
            let url = (try? await command(.get, "/url") as? String) ?? "?"
            let text =
                (try? await command(
                    .post, "/execute/sync", ["script": "return document.body.innerText", "args": [Any]()])) as? String
            failure.message += " — on \(url): \(String((text ?? "").prefix(300)))"
            throw failure
        }
    }

    /// Every element matching the CSS `selector`, in document order.
    func elements(_ selector: String) async throws -> [Element] {
        let value = try await command(.post, "/elements", ["using": "css selector", "value": selector])
        return try (value as? [Any] ?? []).map { try Element(driver: self, reference: $0) }
    }

    /// Runs `script` (a function body) in the page and answers what it returns, as JSON.
    func execute(_ script: String) async throws -> Any? {
        try await command(.post, "/execute/sync", ["script": script, "args": [Any]()])
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard let base64 = try await command(.get, "/screenshot") as? String, let data = Data(base64Encoded: base64)
        else {
            throw Failure(error: "bad screenshot", message: "the screenshot isn't base64")
        }
        return data
    }

    /// An element of the page, by its WebDriver reference.
    struct Element: Sendable {
        let driver: WebDriver
        let id: String

        init(driver: WebDriver, reference: Any?) throws {
            guard let id = (reference as? [String: Any])?[WebDriver.elementKey] as? String else {
                throw Failure(error: "no element", message: "no element reference in \(String(describing: reference))")
            }
            self.driver = driver
            self.id = id
        }

        func click() async throws { _ = try await driver.command(.post, "/element/\(id)/click", [:]) }

        /// Clicks a submit button and returns once the page it leaves is gone and the next one has
        /// loaded: a click may answer before the form's answer replaced the page, and an element found
        /// meanwhile would be the old page's. Checks every 50 ms, for 15 seconds at most.
        func submit() async throws {
            let page = try await driver.element("html")
            try await click()
            for _ in 0..<300 {
                // The old page's root answers until its document is replaced (stale, or "does not
                // belong to the document" while the next one commits).
                let gone: Bool
                do {
                    _ = try await driver.command(.get, "/element/\(page.id)/name")
                    gone = false
                } catch is Failure {
                    gone = true
                }
                if gone, (try? await driver.execute("return document.readyState")) as? String == "complete" { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw Failure(error: "timeout", message: "the page didn't change after submitting")
        }

        func clear() async throws { _ = try await driver.command(.post, "/element/\(id)/clear", [:]) }
        /// Types `text` into the element, as keystrokes.
        func type(_ text: String) async throws {
            _ = try await driver.command(.post, "/element/\(id)/value", ["text": text])
        }
        /// The element's rendered text.
        func text() async throws -> String { try await driver.command(.get, "/element/\(id)/text") as? String ?? "" }
        /// A DOM property, such as `checked` or `value`.
        func property(_ name: String) async throws -> Any? {
            try await driver.command(.get, "/element/\(id)/property/\(name)")
        }
        /// The accessible name the browser computes (a form field's label).
        func computedLabel() async throws -> String {
            try await driver.command(.get, "/element/\(id)/computedlabel") as? String ?? ""
        }
    }

    /// A command on this session: `path` is below `/session/{id}`.
    func command(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        try await send(method, "/session/\(sessionID)" + path, body)
    }

    /// One WebDriver request; answers the response's `value`, or throws its error.
    func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        var request = HTTPRequest(method: method, path: path)
        request.headerFields["Content-Type"] = "application/json; charset=utf-8"
        let payload = try body.map { HTTPBody(try JSONSerialization.data(withJSONObject: $0)) }
        let (response, answer) = try await transport.send(
            request, body: payload, baseURL: base, operationID: "webdriver")
        let bytes = try await answer?.collect(upTo: 64 << 20) ?? []
        let json = bytes.isEmpty ? nil : try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let value = json?["value"]
        if response.status >= 300 || (value as? [String: Any])?["error"] != nil {
            let details = value as? [String: Any]
            throw Failure(
                error: details?["error"] as? String ?? "status \(response.status)",
                message: details?["message"] as? String ?? "")
        }
        return value is NSNull ? nil : value
    }
}
