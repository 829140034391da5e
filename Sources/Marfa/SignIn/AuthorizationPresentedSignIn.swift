import Foundation

#if canImport(AuthenticationServices)
import AuthenticationServices

extension Authorization {
    /// Shows the server's sign-in and approval pages in the system's web authentication session
    /// (`ASWebAuthenticationSession`) and keeps the sign-in. Throws `noRedirect` without a `redirect`.
    @MainActor
    public func signIn(
        presentingFrom anchor: ASPresentationAnchor, prefersEphemeralWebBrowserSession: Bool = false
    ) async throws -> Credential {
        let presenter = WebSessionPresenter(anchor: anchor)
        let browser = RedirectBrowser { page, scheme in
            try await presenter.run(page: page, scheme: scheme, ephemeral: prefersEphemeralWebBrowserSession)
        }
        return try await signIn(with: browser)
    }
}

/// Runs one `ASWebAuthenticationSession` over a window, keeping the session while it runs.
@MainActor
final class WebSessionPresenter: NSObject, ASWebAuthenticationPresentationContextProviding {
    nonisolated(unsafe) let anchor: ASPresentationAnchor
    private var session: ASWebAuthenticationSession?

    init(anchor: ASPresentationAnchor) { self.anchor = anchor }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }

    func run(page: URL, scheme: String, ephemeral: Bool) async throws -> URL {
        defer { session = nil }
        // One result however many times the session reports (a failed start may report too).
        let outcome = SharedOutcome<URL>()
        let session = ASWebAuthenticationSession(url: page, callbackURLScheme: scheme) { url, error in
            if let url {
                outcome.finish(.success(url))
            } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                outcome.finish(.failure(SignInError.canceled))
            } else {
                outcome.finish(
                    .failure(SignInError.unavailable(message: "The browser couldn't open the sign-in page.")))
            }
        }
        session.presentationContextProvider = self
        session.prefersEphemeralWebBrowserSession = ephemeral
        self.session = session
        if !session.start() {
            outcome.finish(.failure(SignInError.unavailable(message: "The browser couldn't open the sign-in page.")))
        }
        return try await outcome.value()
    }
}
#elseif os(Linux)  // LoopbackBrowser is declared on Linux only
extension Authorization {
    /// Without a system web authentication session (Linux, command-line tools): signs in through a
    /// loopback redirect and the system browser (`LoopbackBrowser`). `anchor` is ignored.
    public func signIn(
        presentingFrom anchor: Any? = nil, prefersEphemeralWebBrowserSession: Bool = false
    ) async throws -> Credential {
        try await signIn(with: LoopbackBrowser())
    }
}
#endif
