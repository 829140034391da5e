import Foundation

/// The browser part of a sign-in, which the app supplies: open the server's authorize address and
/// answer the address the server sent the browser back to.
///
/// `redirect` is the app's configured redirect (nil when it has none). A browser that receives the
/// approval at an address of its own (a loopback listener) passes that address to `authorize`
/// instead. `authorize(r)` is the page to open for the redirect `r`; the approval must come back to `r`.
///
/// Throw `SignInError.canceled` when the person closed the browser, and `unavailable` when it
/// couldn't open.
public protocol SignInBrowser: Sendable {
    /// Shows the sign-in page for `redirect` and answers the address the approval came back to.
    func approve(redirect: URL?, authorize: @Sendable (URL) -> URL) async throws -> URL
}

/// A browser sign-in through the app's private-use redirect (`com.example.app:/signed-in`): `open`
/// shows the page and answers the address the browser was sent back to (as
/// `ASWebAuthenticationSession` does). Throws `noRedirect` when the app has no redirect.
public struct RedirectBrowser: SignInBrowser {
    let open: @Sendable (_ page: URL, _ callbackScheme: String) async throws -> URL

    /// A browser that shows `page` and answers the address sent back to `callbackScheme`.
    public init(open: @escaping @Sendable (_ page: URL, _ callbackScheme: String) async throws -> URL) {
        self.open = open
    }

    public func approve(redirect: URL?, authorize: @Sendable (URL) -> URL) async throws -> URL {
        guard let redirect, let scheme = redirect.scheme else { throw SignInError.noRedirect }
        do {
            return try await open(authorize(redirect), scheme)
        } catch let error as SignInError {
            throw error
        } catch is CancellationError {
            throw SignInError.canceled
        } catch {
            throw SignInError.unavailable(message: "The browser couldn't open the sign-in page.")
        }
    }
}
