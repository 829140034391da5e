import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Testing

@testable import Marfa

/// What the real-browser tests check on every page they see, and where they keep its screenshot.
extension HeadlessBrowser {
    /// Writes the page's screenshot to `<scratch>/browser-screenshots/<state>.png` (`.build/…` for
    /// `make test`) and checks the page as a person would meet it: drawn (not blank), as wide as
    /// the phone at most, no script, every field with a label and every button with text.
    func checkPage(_ state: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let png = try await driver.screenshot()
        let folder = Self.screenshotFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try png.write(to: folder.appendingPathComponent("\(state).png"))
        let image = try ScreenshotImage(png: png)
        #expect(image.width == Self.viewport.width, "\(state): screenshot width", sourceLocation: sourceLocation)
        #expect(
            image.isDrawn, "\(state): the screenshot is blank (\(image.distinctColours) colours)",
            sourceLocation: sourceLocation)
        let width = try await driver.execute("return document.documentElement.scrollWidth") as? Int ?? .max
        #expect(width <= Self.viewport.width, "\(state): the page is \(width) px wide", sourceLocation: sourceLocation)
        #expect(
            try await !driver.source().lowercased().contains("<script"), "\(state): script on the page",
            sourceLocation: sourceLocation)
        for field in try await driver.elements("input:not([type=hidden]), select, textarea") {
            #expect(
                try await !field.computedLabel().isEmpty, "\(state): a field without a label",
                sourceLocation: sourceLocation)
        }
        for button in try await driver.elements("button") {
            #expect(try await !button.text().isEmpty, "\(state): a button without text", sourceLocation: sourceLocation)
        }
    }

    /// The visible text of the page's main part.
    func pageText() async throws -> String { try await driver.element("main").text() }

    /// Opens `device`'s verification page (checked as page state `checkingEntryPage` when given),
    /// types its code and submits it, as the owner would.
    func enterCode(of device: DeviceSignIn, checkingEntryPage state: String? = nil) async throws {
        try await driver.open(device.verificationURL)
        if let state { try await checkPage(state) }
        try await driver.element("#user_code").type(device.userCode)
        try await driver.element("button[type=submit]").submit()
    }

    /// Types the owner's password (or `password`) and presses `decision` (`approve` or `deny`).
    func decide(_ decision: String, password: String? = SignInFixture.password) async throws {
        if let password {
            let field = try await driver.element("#password")
            try await field.clear()
            try await field.type(password)
        }
        try await driver.element("button[value=\(decision)]").submit()
    }

    /// Where the screenshots go: `browser-screenshots` in the build folder the tests were built in
    /// (the `.build*` folder above the test bundle), else the package's `.build`.
    static let screenshotFolder: URL = {
        let bundle =
            CommandLine.arguments.first { $0.contains(".xctest") }.map { URL(fileURLWithPath: $0) }
            ?? Bundle.main.bundleURL
        var folder = bundle
        while folder.pathComponents.count > 1 {
            if folder.lastPathComponent.hasPrefix(".build") {
                return folder.appendingPathComponent("browser-screenshots")
            }
            folder.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/browser-screenshots")
    }()
}

#if os(Linux)  // LoopbackBrowser is declared on Linux only
/// A loopback sign-in whose "system browser" is the headless one: opening the sign-in page
/// navigates it there (as `xdg-open` would), and the test then acts on the page as the owner.
struct BrowserOpener: Sendable {
    let loopback: LoopbackBrowser
    let opened: AsyncStream<URL>

    /// `changePage` edits the address before it is opened, as a page tampered with on the way would.
    init(_ browser: HeadlessBrowser, changePage: @escaping @Sendable (URL) -> URL = { $0 }) {
        let (opened, continuation) = AsyncStream.makeStream(of: URL.self)
        self.opened = opened
        loopback = LoopbackBrowser { page in
            try await browser.driver.open(changePage(page))
            continuation.yield(page)
        }
    }

    /// Waits until the browser shows the page the sign-in opened.
    func pageShown() async throws {
        var pages = opened.makeAsyncIterator()
        guard await pages.next() != nil else { throw CancellationError() }
    }
}
#endif

extension SignInFixture {
    /// The live grants on the instance, read with the owner's key: what has been allowed.
    func liveGrants() async throws -> [[String: Any]] {
        var request = HTTPRequest(method: .get, path: "/auth/grants")
        request.headerFields["Authorization"] = "Bearer \(try #require(instance.bootstrapKey))"
        let (response, body) = try await DefaultTransport.make().send(
            request, body: nil, baseURL: instance.url, operationID: "grants")
        let bytes = try await body?.collect(upTo: 1 << 20) ?? []
        #expect(response.status == 200)
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return json?["grants"] as? [[String: Any]] ?? []
    }
}
