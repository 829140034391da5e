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

    init(
        id: String, name: String?, redirectURIs: [String], grantTypes: [String], scope: String, applicationType: String,
        createdAt: Date
    ) {
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
            """, id, name, try StoredJSON.encode(redirectURIs), try StoredJSON.encode(grantTypes), scope,
            applicationType,
            createdAt.stored)
    }

    static func find(id: String, in db: SQLiteConnection) throws -> OAuthClient? {
        try db.first("SELECT * FROM oauth_clients WHERE id = ?", id).map(OAuthClient.init(row:))
    }

    /// The name shown on consent pages: the registered name, else the client ID.
    var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? id }

    /// Whether `uri` is one of the registered redirect URIs (`RedirectURI.matches`).
    func accepts(redirectURI uri: String) -> Bool {
        RedirectURI.matches(uri, registered: redirectURIs)
    }
}

/// Percent-encoding for query values.
enum FormText {
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
