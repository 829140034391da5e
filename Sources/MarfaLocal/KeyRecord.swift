import Foundation
import MarfaDigest
import MarfaSQLite
import MarfaTypes

/// An API key as stored (never its plaintext, only its SHA-256), with what it may reach.
struct KeyRecord: Sendable, Hashable {
    /// What a key holds beyond its columns, stored as one JSON document.
    struct Grants: Codable, Sendable, Hashable {
        var permissions: [String]
        var sources: [String]
        var typePermissions: [String: String]
        var extensionPermissions: [String: String]
        var edgePermissions: [String: String]
        var metadataPermissions: [String: String]
        var enforcementOverride: Components.Schemas.Enforcement?

        /// Everything: the owner's reach.
        static let everything = Grants(
            permissions: Permission.all, sources: [], typePermissions: ["*": "write"],
            extensionPermissions: ["*": "write"], edgePermissions: ["*": "write"], metadataPermissions: ["*": "write"])
    }

    var id: String
    var label: String
    var source: String
    var role: String
    var defaultTier: String
    var isPlatform: Bool
    var isOwner: Bool
    var grants: Grants
    var createdBy: String?
    var createdAt: Date
    var expiresAt: Date?
    var lastUsedAt: Date?
    var revokedAt: Date?
    /// True for an OAuth access token: its writes are stamped as an app's, not a key's.
    var isApp = false
    /// The scopes of an OAuth access token's grant; nil for a key.
    var appScopes: [String]?

    /// Stored grants decoded, by their text: every request reads its key.
    static let decodedGrants = DecodedTextMemo<Grants>(capacity: 1024)

    init(row: SQLiteRow) throws {
        id = row.string("id") ?? ""
        label = row.string("label") ?? ""
        source = row.string("source") ?? ""
        role = row.string("role") ?? "member"
        defaultTier = row.string("default_tier") ?? "library"
        isPlatform = row.bool("is_platform") ?? false
        isOwner = row.bool("is_owner") ?? false
        grants = try Self.decodedGrants.value(of: row.string("grants")) { try StoredJSON.decode(Grants.self, $0) }
        createdBy = row.string("created_by")
        createdAt = Date(stored: row.double("created_at"))
        expiresAt = row.double("expires_at").map { Date(stored: $0) }
        lastUsedAt = row.double("last_used_at").map { Date(stored: $0) }
        revokedAt = row.double("revoked_at").map { Date(stored: $0) }
    }

    init(
        id: String, label: String, source: String, role: String, defaultTier: String, isPlatform: Bool, isOwner: Bool,
        grants: Grants, createdBy: String?, createdAt: Date
    ) {
        self.id = id
        self.label = label
        self.source = source
        self.role = role
        self.defaultTier = defaultTier
        self.isPlatform = isPlatform
        self.isOwner = isOwner
        self.grants = grants
        self.createdBy = createdBy
        self.createdAt = createdAt
    }

    /// Inserts the key under the hash of `plaintext`.
    func insert(plaintext: String, in db: SQLiteConnection) throws {
        try db.run(
            """
            INSERT INTO api_keys (id, hash, label, source, role, default_tier, is_platform, is_owner, grants,
                created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, id, SHA256.hex(plaintext), label, source, role, defaultTier, isPlatform, isOwner,
            try StoredJSON.encode(grants), createdBy, createdAt.stored)
    }

    /// Writes the changeable columns back.
    func update(in db: SQLiteConnection) throws {
        try db.run(
            "UPDATE api_keys SET label = ?, default_tier = ?, grants = ? WHERE id = ?", label, defaultTier,
            try StoredJSON.encode(grants), id)
    }

    static func find(id: String, in db: SQLiteConnection) throws -> KeyRecord? {
        try db.first("SELECT * FROM api_keys WHERE id = ?", id).map(KeyRecord.init(row:))
    }

    /// The live key whose plaintext is `plaintext`: not revoked, not expired at `now`.
    static func find(plaintext: String, in db: SQLiteConnection, now: Date) throws -> KeyRecord? {
        guard
            let key = try db.first("SELECT * FROM api_keys WHERE hash = ?", SHA256.hex(plaintext)).map(
                KeyRecord.init(row:))
        else {
            return nil
        }
        guard key.revokedAt == nil, key.expiresAt.map({ $0 > now }) ?? true else { return nil }
        return key
    }

    /// The key as the contract shows it, with `plaintext` only when given (at creation).
    func wire(plaintext: String? = nil) -> Components.Schemas.ApiKey {
        Components.Schemas.ApiKey(
            id: id, key: plaintext, label: label, source: source, role: .init(rawValue: role),
            defaultTier: .init(rawValue: defaultTier), isPlatform: isPlatform,
            permissions: grants.permissions.map { .init(rawValue: $0) }, sources: grants.sources,
            typePermissions: .init(additionalProperties: grants.typePermissions.mapValues { .init(rawValue: $0) }),
            extensionPermissions: .init(
                additionalProperties: grants.extensionPermissions.mapValues { .init(rawValue: $0) }),
            edgePermissions: .init(additionalProperties: grants.edgePermissions.mapValues { .init(rawValue: $0) }),
            metadataPermissions: .init(
                additionalProperties: grants.metadataPermissions.mapValues { .init(rawValue: $0) }),
            enforcementOverride: grants.enforcementOverride, createdAt: createdAt,
            expiresAt: expiresAt.map { .value($0) } ?? .null, lastUsedAt: lastUsedAt)
    }
}

/// The named permissions of the contract.
enum Permission {
    static let all = [
        "schema.write", "keys.mint", "items.purge", "webhooks.manage", "config.manage", "audit.read", "grants.manage",
    ]
}

/// A level of access to a type, an edge type, an extension or metadata.
enum AccessLevel: Int, Comparable, Sendable {
    case none = 0
    case read, write

    init(_ text: String?) {
        switch text {
        case "write": self = .write
        case "read": self = .read
        default: self = .none
        }
    }

    static func < (a: AccessLevel, b: AccessLevel) -> Bool { a.rawValue < b.rawValue }
}

extension KeyRecord {
    static let roleRanks = ["member": 0, "space_admin": 1, "instance_admin": 2]

    var isAdmin: Bool { role == "instance_admin" }
    var roleRank: Int { Self.roleRanks[role] ?? 0 }

    func has(_ permission: String) -> Bool { isAdmin || grants.permissions.contains(permission) }

    /// The level `map` gives `name`: an exact entry, else the longest `prefix.*` pattern, else `*`.
    static func level(of name: String, in map: [String: String]) -> AccessLevel {
        if let exact = map[name] { return AccessLevel(exact) }
        let patterns = map.keys.filter { $0.hasSuffix(".*") && name.hasPrefix(String($0.dropLast())) }
        if let longest = patterns.max(by: { $0.count < $1.count }) { return AccessLevel(map[longest]) }
        return AccessLevel(map["*"])
    }

    /// What this key may do with items of `typeID`. An instance admin reaches every type.
    func typeLevel(_ typeID: String) -> AccessLevel {
        isAdmin ? .write : Self.level(of: typeID, in: grants.typePermissions)
    }

    /// What this key may do with the metadata family `name` (such as `types`).
    func metadataLevel(_ name: String) -> AccessLevel {
        if isAdmin { return .write }
        return max(
            Self.level(of: name, in: grants.metadataPermissions),
            Self.level(of: "metadata.\(name)", in: grants.metadataPermissions))
    }

    /// Whether this key may write under `source`: its own, or one it claims.
    func claims(source other: String) -> Bool { other == source || grants.sources.contains(other) }

    /// The writer this key is on snapshots.
    var writer: Components.Schemas.Writer { .init(kind: isApp ? .app : .key, id: id, name: label) }
}
