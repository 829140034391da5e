import Foundation

/// The OAuth scope grammar and how approved scopes map onto the key permission model:
/// - OIDC scopes `openid`, `profile`, `email`, `offline_access` (a refresh token);
/// - `<type>:read|write`, with `*` and namespace wildcards such as `core.*` (type permissions);
/// - `edge.<type>:read|write` and `edge.*:…` (edge permissions);
/// - `metadata:read|write` and `metadata.<family>:read|write` (metadata permissions);
/// - the permission names `schema.write`, `keys.mint`, `items.purge`, `webhooks.manage`,
///   `config.manage`, `audit.read`, `grants.manage`.
enum OAuthScope {
    static let oidc: Set<String> = ["openid", "profile", "email", "offline_access"]
    static let offlineAccess = "offline_access"

    /// The scopes of a space-separated list, or of several values each holding such a list, in
    /// order and without repeats.
    static func parse(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.flatMap { $0.split(separator: " ").map(String.init) }
            .filter { seen.insert($0).inserted }
    }

    static func parse(_ value: String?) -> [String] { parse(value.map { [$0] } ?? []) }

    /// Whether `scope` is one this instance understands.
    static func isValid(_ scope: String) -> Bool {
        if oidc.contains(scope) || Permission.all.contains(scope) { return true }
        guard let colon = scope.lastIndex(of: ":") else { return false }
        let level = scope[scope.index(after: colon)...]
        let name = String(scope[..<colon])
        guard level == "read" || level == "write", !name.isEmpty else { return false }
        if name == "*" || name == "metadata" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return false }
        for (index, part) in parts.enumerated() {
            if part == "*" {
                guard index == parts.count - 1, index > 0 else { return false }
                continue
            }
            guard part.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return false }
        }
        return true
    }

    /// The scopes `GET /.well-known/…` names: the OIDC scopes, the permissions, the wildcards and
    /// the read and write scopes of the types registered at start.
    static func supported(typeIDs: [String]) -> [String] {
        let types = typeIDs.sorted().flatMap { ["\($0):read", "\($0):write"] }
        return ["openid", "profile", "email", "offline_access"] + Permission.all
            + [
                "*:read", "*:write", "core.*:read", "core.*:write", "edge.*:read", "edge.*:write", "metadata:read",
                "metadata:write",
            ]
            + types
    }

    /// What a credential holding `scopes` may reach, in the key permission model.
    static func grants(for scopes: [String]) -> KeyRecord.Grants {
        var grants = KeyRecord.Grants(
            permissions: [], sources: [], typePermissions: [:], extensionPermissions: [:], edgePermissions: [:],
            metadataPermissions: [:], enforcementOverride: nil)
        func raise(_ map: inout [String: String], _ name: String, _ level: String) {
            if AccessLevel(level) > AccessLevel(map[name]) { map[name] = level }
        }
        for scope in scopes {
            if Permission.all.contains(scope) {
                if !grants.permissions.contains(scope) { grants.permissions.append(scope) }
                continue
            }
            guard !oidc.contains(scope), let colon = scope.lastIndex(of: ":") else { continue }
            let name = String(scope[..<colon])
            let level = String(scope[scope.index(after: colon)...])
            if name == "metadata" {
                raise(&grants.metadataPermissions, "*", level)
            } else if name.hasPrefix("metadata.") {
                raise(&grants.metadataPermissions, String(name.dropFirst("metadata.".count)), level)
            } else if name.hasPrefix("edge.") {
                let edge = String(name.dropFirst("edge.".count))
                raise(&grants.edgePermissions, edge, level)
            } else {
                raise(&grants.typePermissions, name, level)
            }
        }
        return grants
    }
}
