extension Telemetry {
    /// Why a `Destination` was refused. It never repeats the token it was given.
    public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The host is neither an `https` URL nor, for a test, an `http` loopback address.
        case notHTTPS
        /// The URL names no host.
        case noHost
        /// The URL carries a user name or password.
        case credentialsInHost
        /// The URL carries a query or a fragment.
        case queryOrFragmentInHost
        /// The project token is empty.
        case emptyToken
        /// The project token holds a blank (a space, a tab, a line break) or another control character.
        case blankInToken

        /// A sentence saying what was refused.
        public var description: String {
            switch self {
            case .notHTTPS: "The telemetry host must be an https URL, or an http loopback address for a test."
            case .noHost: "The telemetry host URL names no host."
            case .credentialsInHost: "The telemetry host URL must not carry a user name or password."
            case .queryOrFragmentInHost: "The telemetry host URL must not carry a query or a fragment."
            case .emptyToken: "The telemetry project token is empty."
            case .blankInToken: "The telemetry project token holds a blank or control character."
            }
        }
    }
}
