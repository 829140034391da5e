import Foundation

/// A sign-in an owner approved: the tokens a `Server` sends, and what renewing them needs.
///
/// Its `description` and `dump` show the server, scopes and expiry, never a token.
public struct Credential: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The origin of the server that issued it (`scheme://host[:port]`).
    public var server: URL
    /// The access token, sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// The refresh token that renews the access token, when the server issued one.
    public var refreshToken: String?
    /// When the access token stops working, when the server said.
    public var expiresAt: Date?
    /// The scopes the owner approved, which may be fewer than the app asked for.
    public var scopes: [String]
    /// True when this sign-in replaced another whose grant the server didn't confirm ended: tell
    /// the person to remove the old approval. A credential read back from storage answers false.
    public var replacedGrantStands: Bool
    /// The OAuth client the app registered at the server, used to renew and revoke.
    public var clientID: String?
    /// Where the access token is renewed, from the server's OAuth discovery.
    public var tokenEndpoint: URL?

    /// A credential from its parts, such as one an app kept itself; `Authorization` makes them.
    public init(
        server: URL, accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, scopes: [String] = [],
        replacedGrantStands: Bool = false, clientID: String? = nil, tokenEndpoint: URL? = nil
    ) {
        self.server = server
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.replacedGrantStands = replacedGrantStands
        self.clientID = clientID
        self.tokenEndpoint = tokenEndpoint
    }

    public var description: String {
        var text = "Credential(server: \(server.absoluteString), scopes: \(scopes.joined(separator: " "))"
        if let expiresAt { text += ", expiresAt: \(expiresAt)" }
        if refreshToken != nil { text += ", renewable" }
        return text + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self, children: ["server": server, "scopes": scopes, "expiresAt": expiresAt as Any], displayStyle: .struct)
    }
}
