import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The apps the owner approved: list them, and end one (`grants.manage`).
extension LocalAPI {
    func listGrants(_ input: Operations.ListGrants.Input) async throws -> Operations.ListGrants.Output {
        _ = try RequestContext.current.require("grants.manage")
        let grants = try await read { db in
            try db.query(
                """
                SELECT g.*, c.name AS client_name FROM oauth_grants g LEFT JOIN oauth_clients c ON c.id = g.client_id
                WHERE g.revoked_at IS NULL ORDER BY g.created_at, g.id
                """
            ).map { row -> Components.Schemas.Grant in
                let grant = OAuthGrants.Grant(row: row)
                return .init(
                    id: grant.id, clientId: grant.clientID,
                    clientName: row.string("client_name").map { .value($0) } ?? .null,
                    scopes: grant.scopes, createdAt: grant.createdAt,
                    lastUsedAt: grant.lastUsedAt.map { .value($0) } ?? .null)
            }
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(grants: grants))))
    }

    func revokeGrant(_ input: Operations.RevokeGrant.Input) async throws -> Operations.RevokeGrant.Output {
        _ = try RequestContext.current.require("grants.manage")
        let id = input.path.id
        let now = clock.now
        try await write { db in
            guard let grant = try OAuthGrants.find(id: id, in: db), grant.revokedAt == nil else {
                throw LocalError.notFound("not_found", "No live grant has the id \(id).")
            }
            try OAuthGrants.revoke(grantID: id, in: db, now: now)
            if input.query.revokeKeys == .init(rawValue: "1") {
                // Keys minted with one of the grant's access tokens name the grant as their creator.
                try db.run(
                    "UPDATE api_keys SET revoked_at = ? WHERE created_by = ? AND revoked_at IS NULL", now.stored, id)
            }
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }
}
