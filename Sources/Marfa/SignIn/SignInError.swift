/// Why a sign-in, a device sign-in or `signOut()` didn't finish.
///
/// Its `message` never holds a token, a code or the owner's password.
public enum SignInError: Error, Sendable, Hashable {
    /// The person closed the browser.
    case canceled
    /// The person declined.
    case denied
    /// The device code expired before the person decided.
    case expired
    /// The browser returned an approval this sign-in didn't ask for, so it's refused.
    case stateMismatch
    /// The key store holds no sign-in for the server.
    case notSignedIn
    /// The address is on another server than the sign-in's.
    case otherServer
    /// The address isn't an `http` or `https` server.
    case notAServer
    /// A browser sign-in has no `redirect`, or one that isn't a private-use address with a path and no host.
    case noRedirect
    /// The server refused, with an OAuth error code (such as `invalid_grant`).
    case refused(code: String, message: String)
    /// The server couldn't be reached, or the browser couldn't open.
    case unavailable(message: String)
    /// The server or the key store answered something the SDK can't use.
    case unreadable(message: String)
    /// Another process sharing the key store held the sign-in too long; the store is as it was.
    case heldElsewhere
}

extension SignInError: CustomStringConvertible {
    /// A sentence fit to show a person.
    public var message: String {
        switch self {
        case .canceled: "The sign-in was canceled."
        case .denied: "The owner declined the sign-in."
        case .expired: "The sign-in code expired before it was approved. Start again."
        case .stateMismatch: "The browser returned an approval this sign-in didn't ask for, so it was refused."
        case .notSignedIn: "There is no sign-in kept for this server."
        case .otherServer: "The address is on another server than the sign-in's."
        case .notAServer: "The server's address must start with http:// or https:// and name a host."
        case .noRedirect:
            "A browser sign-in needs a redirect address: a private-use scheme in reverse-domain form, a path and no host, such as com.example.app:/signed-in."
        case .refused(_, let message), .unavailable(let message), .unreadable(let message): message
        case .heldElsewhere: "Another process held the sign-in too long, so nothing was changed."
        }
    }

    public var description: String { message }
}
