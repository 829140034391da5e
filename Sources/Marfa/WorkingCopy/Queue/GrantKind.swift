/// What a missing grant is on.
public enum GrantKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// An item type (`type_permissions`).
    case type
    /// An edge type (`edge_permissions`).
    case edgeType
    /// An extension namespace (`extension_permissions`).
    case `extension`

    /// The kind a server's `details.grant.kind` names (`type`, `edge_type` or `edgeType`,
    /// `extension`), or nil for another word.
    init?(wire: String) {
        switch wire {
        case "type": self = .type
        case "edge_type", "edgeType", "edge": self = .edgeType
        case "extension": self = .extension
        default: return nil
        }
    }
}

/// The level of a missing grant.
public enum GrantLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Reading.
    case read
    /// Writing (which includes reading).
    case write
}
