import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The owner account: the one person who approves apps. `POST /owner` records the owner's address
/// and name and sets the owner password (replacing the one set at start); a second create is
/// `409 owner_exists`. Both doors need the owner's key.
extension LocalAPI {
    func getOwner(_ input: Operations.GetOwner.Input) async throws -> Operations.GetOwner.Output {
        try requireOwnerKey()
        guard let owner = try await read({ try OwnerAccount.find(in: $0, store: store) }) else {
            throw LocalError.notFound(
                "owner_not_found", "This instance has no owner account yet; POST /owner creates it.")
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(owner)))
    }

    func createOwner(_ input: Operations.CreateOwner.Input) async throws -> Operations.CreateOwner.Output {
        try requireOwnerKey()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let email = body.email.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") || parts[1] == "localhost" else {
            throw LocalError.validation("email is not an address.", details: ["field": "email"])
        }
        guard (8...256).contains(body.password.count) else {
            throw LocalError.validation("password must be 8 to 256 characters.", details: ["field": "password"])
        }
        let now = clock.now
        let owner = Components.Schemas.Owner(
            id: Identifiers.uuidV7(at: now), email: email,
            name: body.name.flatMap { $0.isEmpty ? nil : $0 } ?? String(parts[0]),
            createdAt: now)
        let hashedPassword = await OwnerPassword.hash(body.password)
        try await write { db in
            guard try OwnerAccount.find(in: db, store: store) == nil else {
                throw LocalError.conflict("owner_exists", "This instance already has its owner.")
            }
            try store.setMeta("owner_account", try StoredJSON.encode(owner), in: db)
            try store.setMeta(OwnerPassword.metaName, hashedPassword, in: db)
            try AuditLog.record("owner.create", resourceType: "owner", resourceID: owner.id, at: now, in: db)
        }
        return .created(.init(headers: .init(xMarfaContract: Self.contract), body: .json(owner)))
    }

    /// The owner's key (the operator key); `403 forbidden` for any other credential.
    private func requireOwnerKey() throws {
        let key = try RequestContext.current.requireKey()
        guard key.isOwner else { throw LocalError.forbidden("Only the owner's key may do this.") }
    }
}

/// The owner account as stored in `meta`.
enum OwnerAccount {
    static func find(in db: SQLiteConnection, store: LocalStore) throws -> Components.Schemas.Owner? {
        guard let text = try store.meta("owner_account", in: db) else { return nil }
        return try StoredJSON.decode(Components.Schemas.Owner.self, text)
    }
}
