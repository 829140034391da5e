import Foundation
import MarfaHTTP
import Synchronization

/// A browser sign-in for Linux and command-line tools (RFC 8252 §7.3): listens on 127.0.0.1 on a
/// free port, opens the page in the system browser (`xdg-open`, or `open` on macOS) or through
/// `open`, and answers the first request to `path` on that port. The app's own redirect is ignored.
public struct LoopbackBrowser: SignInBrowser {
    /// The path of the loopback redirect.
    public let path: String
    let open: @Sendable (URL) async throws -> Void

    public init(path: String = "/signed-in", open: (@Sendable (URL) async throws -> Void)? = nil) {
        self.path = path
        self.open = open ?? LoopbackBrowser.openInSystemBrowser
    }

    public func approve(redirect: URL?, authorize: @Sendable (URL) -> URL) async throws(SignInError) -> URL {
        let listener = MicroHTTPDServer(host: "127.0.0.1", port: 0, maxBodyBytes: 64 << 10)
        let (callbacks, continuation) = AsyncStream.makeStream(of: URL.self)
        let path = path
        do {
            try listener.register(
                { request, _, _ in
                    let port = listener.port
                    if let url = URL(string: "http://127.0.0.1:\(port)\(request.path)") { continuation.yield(url) }
                    var response = HTTPResponse(status: 200)
                    response.headerFields["Content-Type"] = "text/html; charset=utf-8"
                    return (response, HTTPBody("<!doctype html><title>Signed in</title><p>You can close this window.</p>"))
                }, method: .get, path: path)
            try listener.start()
        } catch {
            throw .unavailable(message: "The sign-in couldn't listen on the loopback address.")
        }
        let answer = await receive(on: listener, path: path, callbacks: callbacks, authorize: authorize)
        await listener.shutdown()
        return try answer.get()
    }

    /// Opens the page for the listener's address and waits for the first callback.
    private func receive(
        on listener: MicroHTTPDServer, path: String, callbacks: AsyncStream<URL>, authorize: @Sendable (URL) -> URL
    ) async -> Result<URL, SignInError> {
        guard let own = URL(string: "http://127.0.0.1:\(listener.port)\(path)") else {
            return .failure(.unavailable(message: "The sign-in couldn't listen on the loopback address."))
        }
        do {
            try await open(authorize(own))
        } catch is CancellationError {
            return .failure(.canceled)
        } catch let error as SignInError {
            return .failure(error)
        } catch {
            return .failure(.unavailable(message: "The browser couldn't open the sign-in page."))
        }
        for await callback in callbacks { return .success(callback) }
        return .failure(.canceled)
    }

    /// Opens `url` in the system's browser: `xdg-open` on Linux, `open` on macOS.
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
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SignInError.unavailable(message: "The system browser couldn't open the sign-in page.")
        }
        #else
        throw SignInError.unavailable(message: "This platform has no system browser to open.")
        #endif
    }
}
