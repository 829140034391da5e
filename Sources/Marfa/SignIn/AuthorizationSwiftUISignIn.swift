import Foundation

#if canImport(SwiftUI) && canImport(AuthenticationServices)
import AuthenticationServices
import SwiftUI

@available(iOS 16.4, macOS 13.3, *)
extension Authorization {
    /// The same as `signIn(presentingFrom:)`, through SwiftUI's `webAuthenticationSession`
    /// environment value. Throws `noRedirect` without a `redirect`, `canceled` when the person
    /// closes the page.
    @MainActor
    public func signIn(using session: WebAuthenticationSession) async throws -> Credential {
        let browser = RedirectBrowser { page, scheme in
            do {
                return try await session.authenticate(
                    using: page, callbackURLScheme: scheme, preferredBrowserSession: nil)
            } catch let error as ASWebAuthenticationSessionError where error.code == .canceledLogin {
                throw SignInError.canceled
            } catch {
                throw SignInError.unavailable(message: "The browser couldn't open the sign-in page.")
            }
        }
        return try await signIn(with: browser)
    }
}
#endif
