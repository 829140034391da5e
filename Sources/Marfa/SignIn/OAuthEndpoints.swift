import Foundation

/// The server's OAuth doors, from its discovery document
/// (`/.well-known/oauth-authorization-server/auth`), kept with the sign-in.
struct OAuthEndpoints: Sendable, Hashable, Codable {
    var authorization: URL
    var token: URL
    var registration: URL?
    var deviceAuthorization: URL?
    var revocation: URL?

    /// The endpoints of `metadata`, each required to be on `origin` (the server's), so a token never
    /// goes to another host.
    init(_ metadata: Components.Schemas.AuthorizationServerMetadata, origin: String) throws(SignInError) {
        func endpoint(_ text: String?) throws(SignInError) -> URL? {
            guard let text else { return nil }
            guard let url = URL(string: text), Server.origin(of: url) == origin else {
                throw .unreadable(message: "The server's OAuth discovery names a door on another server.")
            }
            return url
        }
        guard let authorization = try endpoint(metadata.authorizationEndpoint),
            let token = try endpoint(metadata.tokenEndpoint)
        else { throw .unreadable(message: "The server's OAuth discovery names no authorize or token door.") }
        self.authorization = authorization
        self.token = token
        registration = try endpoint(metadata.registrationEndpoint)
        deviceAuthorization = try endpoint(metadata.deviceAuthorizationEndpoint)
        revocation = try endpoint(metadata.revocationEndpoint)
    }
}
