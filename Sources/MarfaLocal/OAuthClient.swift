import Foundation
import MarfaSQLite

/// A client registered through `POST /oauth2/register` (RFC 7591): a public client, proven by PKCE.
struct OAuthClient: Sendable {
    var id: String
    var name: String?
    var redirectURIs: [String]
    var grantTypes: [String]
    var scope: String
    var applicationType: String
    var createdAt: Date

    init(id: String, name: String?, redirectURIs: [String], grantTypes: [String], scope: String, applicationType: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.redirectURIs = redirectURIs
        self.grantTypes = grantTypes
        self.scope = scope
        self.applicationType = applicationType
        self.createdAt = createdAt
    }

    init(row: SQLiteRow) throws {
        id = row.string("id") ?? ""
        name = row.string("name")
        redirectURIs = try StoredJSON.decode([String].self, row.string("redirect_uris"))
        grantTypes = try StoredJSON.decode([String].self, row.string("grant_types"))
        scope = row.string("scope") ?? ""
        applicationType = row.string("application_type") ?? "native"
        createdAt = Date(stored: row.double("created_at"))
    }

    func insert(in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT INTO oauth_clients (id, name, redirect_uris, grant_types, scope, application_type, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, id, name, try StoredJSON.encode(redirectURIs), try StoredJSON.encode(grantTypes), scope, applicationType,
            createdAt.stored)
    }

    static func find(id: String, in db: SQLiteConnection) throws -> OAuthClient? {
        try db.first("SELECT * FROM oauth_clients WHERE id = ?", id).map(OAuthClient.init(row:))
    }

    /// The name shown on consent pages: the registered name, else the client ID.
    var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? id }

    /// Whether `uri` is one of the registered redirect URIs. A loopback redirect matches whatever
    /// its port (RFC 8252 §7.3), since a native app listens on a port it picks at sign-in.
    func accepts(redirectURI uri: String) -> Bool {
        if redirectURIs.contains(uri) { return true }
        guard let asked = URLComponents(string: uri), RedirectURI.isLoopback(asked) else { return false }
        return redirectURIs.contains { registered in
            guard let known = URLComponents(string: registered), RedirectURI.isLoopback(known) else { return false }
            return known.host == asked.host && known.path == asked.path && known.query == asked.query
        }
    }
}

/// The redirect URIs a client may register.
enum RedirectURI {
    /// `http` on 127.0.0.1, [::1] or localhost.
    static func isLoopback(_ components: URLComponents) -> Bool {
        components.scheme?.lowercased() == "http" && ["127.0.0.1", "::1", "[::1]", "localhost"].contains(components.host ?? "")
    }

    /// Why `uri` cannot be registered for an `applicationType` client, or nil when it can: a native
    /// client may use a loopback `http` URI, a private-use scheme in reverse-domain form
    /// (`com.example.app:/signed-in` as RFC 8252 writes it, or `com.example.app://callback` as the
    /// older hand-made pattern does) or `https`; a web client needs `https` off the loopback.
    static func problem(with uri: String, applicationType: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(), components.fragment == nil
        else { return "'\(uri)' is not an absolute URI without a fragment." }
        let isLoopback = isLoopback(components)
        switch scheme {
        case "https":
            guard let host = components.host, !host.isEmpty else { return "'\(uri)' has no host." }
            if applicationType == "web", ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host) {
                return "A web client needs an https redirect URI off the loopback."
            }
            return nil
        case "http":
            guard applicationType == "native", isLoopback else {
                return "An http redirect URI must be on the loopback (127.0.0.1) and the client native."
            }
            return nil
        default:
            guard applicationType == "native" else { return "A web client needs an https redirect URI." }
            guard scheme.contains(".") else {
                return "A private-use redirect scheme must be in reverse-domain form, such as com.example.app:/signed-in."
            }
            return nil
        }
    }

    /// `uri` with `parameters` added to its query.
    static func adding(_ parameters: [(String, String)], to uri: String) -> String {
        let encoded = parameters.map { "\($0.0)=\(FormText.encode($0.1))" }.joined(separator: "&")
        return uri + (uri.contains("?") ? "&" : "?") + encoded
    }
}

/// Percent-encoding for query values.
enum FormText {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
