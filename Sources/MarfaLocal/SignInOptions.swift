import Foundation

extension LocalInstance {
    /// Lifetimes and pacing of the instance's OAuth 2.1 sign-in.
    public struct SignInOptions: Sendable {
        /// How long an access token (`marfa_at_…`) works; 15 minutes by default.
        public var accessTokenLifetime: Duration
        /// How long an authorization code can be exchanged; 60 seconds by default.
        public var authorizationCodeLifetime: Duration
        /// How long a pending authorization request (the consent page) stays open; 10 minutes by default.
        public var consentLifetime: Duration
        /// How long a device code can be approved and polled; 10 minutes by default.
        public var deviceCodeLifetime: Duration
        /// The seconds a device waits between polls; 5 by default. Polling faster answers `slow_down`
        /// and adds 5 seconds to that device code's interval.
        public var devicePollInterval: Int

        public init(
            accessTokenLifetime: Duration = .seconds(15 * 60), authorizationCodeLifetime: Duration = .seconds(60),
            consentLifetime: Duration = .seconds(10 * 60), deviceCodeLifetime: Duration = .seconds(10 * 60),
            devicePollInterval: Int = 5
        ) {
            self.accessTokenLifetime = accessTokenLifetime
            self.authorizationCodeLifetime = authorizationCodeLifetime
            self.consentLifetime = consentLifetime
            self.deviceCodeLifetime = deviceCodeLifetime
            self.devicePollInterval = max(devicePollInterval, 1)
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
