import Foundation
import MarfaHTTP
import Synchronization

#if os(Linux)  // Marfa links MarfaHTTPServer on Linux only (see Package.swift)
import MarfaHTTPServer

/// A browser sign-in for Linux and command-line tools (RFC 8252 §7.3): listens on 127.0.0.1 on a
/// free port, opens the page in the system browser (`xdg-open`, or `open` on macOS) or through
/// `open`, and answers the first request to `path` on that port. The app's own redirect is ignored.
/// The browser is shown whether the approval arrived, was declined or refused, or carries another
/// `state` than the page sent (which `Authorization` then refuses as `stateMismatch`).
public struct LoopbackBrowser: SignInBrowser {
    /// The path of the loopback redirect.
    public let path: String
    let open: @Sendable (URL) async throws -> Void

    /// A loopback sign-in listening on `path`; `open` shows a page (the system browser when nil).
    public init(path: String = "/signed-in", open: (@Sendable (URL) async throws -> Void)? = nil) {
        self.path = path
        self.open = open ?? LoopbackBrowser.openInSystemBrowser
    }

    public func approve(redirect: URL?, authorize: @Sendable (URL) -> URL) async throws -> URL {
        let listener = MicroHTTPDServer(host: "127.0.0.1", port: 0, maxBodyBytes: 64 << 10)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let sentState = SentState()
        do {
            // The route holds the stream and the state only, never the listener (which holds the route).
            try listener.register(
                { request, _, _ in
                    continuation.yield(.callback(path: request.path))
                    var response = HTTPResponse(status: 200)
                    response.headerFields["Content-Type"] = "text/html; charset=utf-8"
                    response.headerFields["Cache-Control"] = "no-store"
                    let outcome = LoopbackAnswerPage.outcome(of: request.path, state: sentState.value.withLock { $0 })
                    return (response, HTTPBody(LoopbackAnswerPage.html(outcome)))
                }, method: .get, path: path)
            try listener.start()
        } catch {
            throw SignInError.unavailable(message: "The sign-in couldn't listen on the loopback address.")
        }
        let answer = await receive(port: listener.port, events: events, continuation: continuation) { own in
            let page = authorize(own)
            let state = URLComponents(url: page, resolvingAgainstBaseURL: false)?.queryItems?.first {
                $0.name == "state"
            }?.value
            sentState.value.withLock { $0 = state }
            return page
        }
        continuation.finish()
        await listener.shutdown()
        return try answer.get()
    }

    /// The `state` the opened page sent, for the page the listener answers.
    final class SentState: Sendable {
        let value = Mutex<String?>(nil)
    }

    /// What the listener and the browser's opener report.
    enum Event: Sendable {
        /// The browser reached the listener at `path` (with its query).
        case callback(path: String)
        /// The browser couldn't open.
        case failed(SignInError)
    }

    /// Opens the page for the listener's address and waits for the first callback. The opener runs
    /// on its own, so a browser command that stays in the foreground doesn't hold the sign-in up;
    /// its failure ends the wait.
    private func receive(
        port: Int, events: AsyncStream<Event>, continuation: AsyncStream<Event>.Continuation,
        authorize: @Sendable (URL) -> URL
    ) async -> Result<URL, SignInError> {
        let base = "http://127.0.0.1:\(port)"
        guard let own = URL(string: base + path) else {
            return .failure(.unavailable(message: "The sign-in couldn't listen on the loopback address."))
        }
        let page = authorize(own)
        let open = open
        let opener = Task {
            do {
                try await open(page)
            } catch is CancellationError {
                continuation.yield(.failed(.canceled))
            } catch let error as SignInError {
                continuation.yield(.failed(error))
            } catch {
                continuation.yield(.failed(.unavailable(message: "The browser couldn't open the sign-in page.")))
            }
        }
        defer { opener.cancel() }
        for await event in events {
            switch event {
            case .callback(let path):
                guard let url = URL(string: base + path) else { continue }
                return .success(url)
            case .failed(let error):
                return .failure(error)
            }
        }
        return .failure(.canceled)
    }

    /// Opens `url` in the system's browser: `xdg-open` on Linux, `open` on macOS. Waits for the
    /// command without holding a thread; throws `unavailable` when it exits with a failure.
    @Sendable public static func openInSystemBrowser(_ url: URL) async throws {
        #if os(Linux) || os(macOS)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        process.arguments = ["open", url.absoluteString]
        #else
        process.arguments = ["xdg-open", url.absoluteString]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = SharedOutcome<Int32>()
        process.terminationHandler = { exit.finish(.success($0.terminationStatus)) }
        try process.run()
        guard try await exit.value() == 0 else {
            throw SignInError.unavailable(message: "The system browser couldn't open the sign-in page.")
        }
        #else
        throw SignInError.unavailable(message: "This platform has no system browser to open.")
        #endif
    }
}
#endif
