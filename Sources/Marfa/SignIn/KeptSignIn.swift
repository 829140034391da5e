import Foundation

/// What a key store keeps for one sign-in: the credential, the server's OAuth doors and the
/// registered client, as JSON under the app's service and the account `sign-in <origin>`.
struct KeptSignIn: Sendable, Codable, Hashable {
    var credential: Credential
    var endpoints: OAuthEndpoints
    /// The redirect addresses the client was registered with.
    var redirects: [String]

    static func account(origin: String) -> String { "sign-in " + origin }

    static func read(from store: any KeyStore, service: String, account: String) throws(SignInError) -> KeptSignIn? {
        let data: Data?
        do {
            data = try store.read(service: service, account: account)
        } catch {
            throw Authorization.signInError(error)
        }
        guard let data else { return nil }
        guard var kept = try? JSONDecoder().decode(KeptSignIn.self, from: data) else {
            throw .unreadable(message: "The kept sign-in can't be read.")
        }
        kept.credential.replacedGrantStands = false
        return kept
    }

    func write(to store: any KeyStore, service: String, account: String) throws(SignInError) {
        var stored = self
        stored.credential.replacedGrantStands = false
        let data: Data
        do { data = try JSONEncoder().encode(stored) } catch {
            throw .unreadable(message: "The sign-in couldn't be written.")
        }
        do {
            try store.write(data, service: service, account: account)
        } catch {
            throw Authorization.signInError(error)
        }
    }
}

extension SignInError {
    /// A key-store failure as a sign-in error.
    init(_ failure: Keychain.Failure) {
        switch failure {
        case .heldElsewhere: self = .heldElsewhere
        case .unreadable(let message): self = .unreadable(message: message)
        case .unavailable(let message), .status(_, let message): self = .unavailable(message: message)
        }
    }
}
