import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite

extension LocalDataFolder {
    /// A device sign-in approved from the command line.
    public struct DeviceApproval: Sendable, Equatable {
        /// The user code, as stored (`BCDF-GHJK`).
        public var userCode: String
        /// The app's name as it registered, or its client ID.
        public var client: String
        /// The scopes approved; the device's next poll gets tokens holding them.
        public var scopes: [String]
    }

    /// Approves, as the owner, the device sign-in waiting with `userCode` (typed loosely: any case,
    /// with or without the dash): all the scopes it asked for, or only those of them in `scopes`.
    /// The same approval as the consent page's, without the owner password; the device's next
    /// poll of the token endpoint gets its tokens. `LocalDataFolderError.noDeviceRequest` when no
    /// device waits with that code, `.badScope` for a scope in `scopes` it didn't ask for, and
    /// `.noScopes` when nothing beyond the sign-in scopes would be approved; nothing changes then.
    public func approveDeviceSignIn(userCode typed: String, scopes: [String]? = nil) async throws -> DeviceApproval {
        let userCode = DeviceUserCode.normalized(typed)
        let now = store.clock.now
        return try await store.write { db -> DeviceApproval in
            guard let row = try db.first("SELECT * FROM oauth_device_codes WHERE user_code = ?", userCode) else {
                throw LocalDataFolderError.noDeviceRequest(
                    code: typed, reason: "none was asked for; check it against the device.")
            }
            switch row.string("status") {
            case "pending": break
            case "denied":
                throw LocalDataFolderError.noDeviceRequest(
                    code: typed, reason: "it was declined; start again on the device.")
            default:
                throw LocalDataFolderError.noDeviceRequest(
                    code: typed, reason: "it was already used; start again on the device.")
            }
            guard (row.double("expires_at") ?? 0) > now.stored else {
                throw LocalDataFolderError.noDeviceRequest(
                    code: typed, reason: "it expired; start again on the device.")
            }
            let asked = OAuthScope.parse(row.string("scope"))
            var approved = asked
            if let scopes {
                let chosen = OAuthScope.parse(scopes)
                if let extra = chosen.first(where: { !asked.contains($0) }) {
                    throw LocalDataFolderError.badScope(
                        extra, reason: "the device didn't ask for it (it asked for \(asked.joined(separator: " "))).")
                }
                approved = OAuthScope.approved(asked: asked, chosen: chosen)
            }
            guard approved.contains(where: { !OAuthScope.oidc.contains($0) }) else {
                throw LocalDataFolderError.noScopes
            }
            try db.run(
                "UPDATE oauth_device_codes SET status = 'approved', approved_scope = ? WHERE user_code = ?",
                approved.joined(separator: " "), userCode)
            let clientID = row.string("client_id") ?? ""
            let client = try OAuthClient.find(id: clientID, in: db)
            try AuditLog.record(
                "device.approve", resourceType: "oauth_client", resourceID: clientID,
                details: ["scope": .string(approved.joined(separator: " ")), "by": "marfa-local approve"], at: now,
                in: db)
            return DeviceApproval(userCode: userCode, client: client?.displayName ?? clientID, scopes: approved)
        }
    }
}
