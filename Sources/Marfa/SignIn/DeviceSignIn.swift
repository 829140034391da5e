import Foundation

/// A sign-in on a device with no browser (RFC 8628): show `userCode` and `verificationURL`, then
/// wait on `credential()` while the person approves on another device.
public final class DeviceSignIn: Sendable {
    /// The code the person types at `verificationURL`.
    public let userCode: String
    /// Where the person enters the code.
    public let verificationURL: URL
    /// `verificationURL` with the code filled in, when the server gave one.
    public let verificationURLComplete: URL?
    /// When the code stops working.
    public let expiresAt: Date

    let authorization: Authorization
    let deviceCode: String
    let interval: Duration
    let registered: (endpoints: OAuthEndpoints, clientID: String, redirects: [String])

    init(
        authorization: Authorization, answer: Components.Schemas.DeviceAuthorizationResponse,
        registered: (endpoints: OAuthEndpoints, clientID: String, redirects: [String])
    ) throws(SignInError) {
        guard let verification = URL(string: answer.verificationUri) else {
            throw .unreadable(message: "The server's verification address can't be read.")
        }
        userCode = answer.userCode
        verificationURL = verification
        verificationURLComplete = answer.verificationUriComplete.flatMap(URL.init(string:))
        expiresAt = authorization.clock.now.addingTimeInterval(TimeInterval(answer.expiresIn))
        deviceCode = answer.deviceCode
        interval = .seconds(max(answer.interval ?? 5, 1))
        self.authorization = authorization
        self.registered = registered
    }

    /// Waits for the person's decision, asking the server at its interval (five seconds more after
    /// each `slow_down`), and keeps the approved sign-in as `signIn` does. Throws `denied`,
    /// `expired` once `expiresAt` passes, `refused` for other OAuth errors and `canceled` when the
    /// task is canceled.
    public func credential() async throws -> Credential {
        var wait = interval
        while true {
            do { try await authorization.clock.sleep(for: wait) } catch { throw SignInError.canceled }
            guard authorization.clock.now < expiresAt else { throw SignInError.expired }
            do {
                let tokens = try await authorization.wire.token(
                    at: registered.endpoints.token,
                    form: [
                        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode),
                        ("client_id", registered.clientID),
                    ])
                return try await authorization.keep(
                    tokens, endpoints: registered.endpoints, clientID: registered.clientID,
                    redirects: registered.redirects)
            } catch {
                // One exhaustive catch: a typed `do` with a partial catch inside an untyped function
                // crashes the Swift 6.3 compiler (SILGen ownership verification).
                guard case .refused(let code, let message) = error else { throw error }
                switch code {
                case "authorization_pending": continue
                case "slow_down": wait += .seconds(5)
                case "access_denied": throw SignInError.denied
                case "expired_token": throw SignInError.expired
                default: throw SignInError.refused(code: code, message: message)
                }
            }
        }
    }
}

extension Authorization {
    /// Starts a device sign-in: registers the app when needed and asks the server for a code.
    public func startDeviceSignIn() async throws -> DeviceSignIn {
        let registered = try await registeredClient()
        guard let endpoint = registered.endpoints.deviceAuthorization else {
            throw SignInError.unreadable(message: "The server offers no device sign-in.")
        }
        let answer = try await wire.deviceCode(at: endpoint, clientID: registered.clientID, scope: requestedScope)
        return try DeviceSignIn(authorization: self, answer: answer, registered: registered)
    }
}
