import Foundation
import Synchronization
import Testing

/// Headless Chromium (Debian's `chromium`) driven through chromedriver (`chromium-driver`), which
/// runs as a child process on a free loopback port. One browser serves a whole suite (the
/// `.sharedBrowser` trait): starting it takes a second or more. The viewport is a phone's (390×844
/// CSS pixels), and JavaScript is off, so the pages are seen as a browser without script sees them.
final class HeadlessBrowser: Sendable {
    /// The browser of the suite running now (set by `.sharedBrowser`).
    @TaskLocal static var current: HeadlessBrowser?

    let driver: WebDriver
    private let process: ChildProcess
    /// Chromium's own process, ended if it outlives chromedriver.
    private let browserProcess: Int32?

    /// chromedriver and Chromium as installed, or nil when either is missing.
    static let installation: (chromedriver: String, chromium: String)? = {
        guard let driver = executable("chromedriver"),
            let chromium = executable("chromium") ?? executable("chromium-browser")
        else { return nil }
        return (driver, chromium)
    }()

    /// Whether the browser tests can run here.
    static var isInstalled: Bool { installation != nil }

    /// The phone-sized viewport the pages are shown at, in CSS pixels.
    static let viewport = (width: 390, height: 844)

    private init(driver: WebDriver, process: ChildProcess, browserProcess: Int32?) {
        self.driver = driver
        self.process = process
        self.browserProcess = browserProcess
    }

    /// Starts chromedriver on a port it picks and opens one headless browser session.
    static func start() async throws -> HeadlessBrowser {
        guard let (chromedriver, chromium) = installation else { throw Missing() }
        let process = try ChildProcess.launch(chromedriver, arguments: ["--port=0", "--log-level=WARNING"])
        do {
            let port = try await withThrowingTaskGroup(of: Int?.self) { group in
                // A safety net only: chromedriver announces its port within a second or two.
                group.addTask { try await process.announcedPort() }
                group.addTask {
                    try await Task.sleep(for: .seconds(60))
                    return nil
                }
                defer { group.cancelAll() }
                guard let port = try await group.next() ?? nil else { throw Missing() }
                return port
            }
            let capabilities: [String: Any] = [
                "browserName": "chrome",
                "goog:chromeOptions": [
                    "binary": chromium,
                    "args": [
                        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--window-size=\(viewport.width),\(viewport.height)", "--hide-scrollbars",
                    ],
                    "prefs": ["profile.managed_default_content_settings.javascript": 2],
                ] as [String: Any],
            ]
            let (driver, browserProcess) = try await WebDriver.createSession(
                at: URL(string: "http://127.0.0.1:\(port)")!, capabilities: capabilities)
            // A headless window is at least 500 px wide: the phone's viewport is set through DevTools
            // (not chromedriver's mobileEmulation, whose taps hang with JavaScript off).
            try await driver.devTools(
                "Emulation.setDeviceMetricsOverride",
                [
                    "width": viewport.width, "height": viewport.height, "deviceScaleFactor": 1, "mobile": true,
                ])
            return HeadlessBrowser(driver: driver, process: process, browserProcess: browserProcess)
        } catch {
            await process.stop()
            throw error
        }
    }

    /// Closes the browser and stops chromedriver (it asks `/shutdown`; a signal if that fails).
    func stop() async {
        try? await driver.deleteSession()
        _ = try? await driver.send(.get, "/shutdown")
        await process.stop()
        if let browserProcess, kill(browserProcess, 0) == 0 { kill(browserProcess, SIGTERM) }
    }

    struct Missing: Error {}

    /// The full path of `name` on `PATH`, when it is an executable.
    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// chromedriver as a child process: its output read as it comes (so the pipe never fills), the
/// port it announces, and its end.
final class ChildProcess: Sendable {
    private let process = Mutex<Process?>(nil)
    private let output = Mutex((text: "", waiters: [CheckedContinuation<Int, any Error>]()))
    private let exited = Mutex((done: false, waiters: [CheckedContinuation<Void, Never>]()))

    static func launch(_ executable: String, arguments: [String]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let box = ChildProcess()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            box.received(String(decoding: data, as: UTF8.self), ended: data.isEmpty)
        }
        process.terminationHandler = { _ in
            let waiters = box.exited.withLock { state in
                state.done = true
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }
        try process.run()
        box.process.withLock { $0 = consume process }
        return box
    }

    /// The port from chromedriver's "was started successfully on port N." line.
    func announcedPort() async throws -> Int {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                output.withLock { $0.waiters.append(continuation) }
                received("", ended: false)
                if Task.isCancelled { giveUpWaiting() }
            }
        } onCancel: {
            giveUpWaiting()
        }
    }

    private func giveUpWaiting() {
        let waiters = output.withLock { state in
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(throwing: CancellationError()) }
    }

    private func received(_ text: String, ended: Bool) {
        let (waiters, port): ([CheckedContinuation<Int, any Error>], Int?) = output.withLock { state in
            state.text += text
            let port = Self.port(in: state.text)
            guard port != nil || ended else { return ([], nil) }
            defer { state.waiters = [] }
            return (state.waiters, port)
        }
        for waiter in waiters {
            if let port { waiter.resume(returning: port) } else { waiter.resume(throwing: HeadlessBrowser.Missing()) }
        }
    }

    private static func port(in text: String) -> Int? {
        guard let range = text.range(of: "started successfully on port ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard text[range.upperBound...].dropFirst(digits.count).first == "." else { return nil }
        return Int(digits)
    }

    /// Ends the process and waits for it: SIGTERM to its own ID, then SIGKILL if it is still there
    /// after five seconds (chromedriver sometimes ignores SIGTERM).
    func stop() async {
        let pid = process.withLock { process -> Int32? in
            guard let process, process.isRunning else { return nil }
            process.terminate()
            return process.processIdentifier
        }
        guard let pid else { return }
        let killer = Task {
            try await Task.sleep(for: .seconds(5))
            kill(pid, SIGKILL)
        }
        await exit()
        killer.cancel()
    }

    /// Returns once the process has exited.
    private func exit() async {
        await withCheckedContinuation { continuation in
            let done = exited.withLock { state in
                if !state.done { state.waiters.append(continuation) }
                return state.done
            }
            if done { continuation.resume() }
        }
    }
}

/// One headless browser for a whole suite: started before its first test, stopped after its last,
/// and found by the tests as `HeadlessBrowser.current`.
struct SharedBrowserTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard HeadlessBrowser.isInstalled else { return try await function() }
        let started = ContinuousClock.now
        let browser = try await HeadlessBrowser.start()
        print("browser: Chromium and chromedriver ready in \(started.duration(to: .now))")
        do {
            try await HeadlessBrowser.$current.withValue(browser) { try await function() }
        } catch {
            await browser.stop()
            throw error
        }
        await browser.stop()
    }
}

extension Trait where Self == SharedBrowserTrait {
    /// One headless browser for the suite's tests (`HeadlessBrowser.current`).
    static var sharedBrowser: Self { Self() }
}
