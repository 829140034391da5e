/// The server's recorded answer to one queued write.
public enum Verdict: Sendable, Hashable, Codable {
    /// Done as sent.
    case accepted
    /// Applied field by field over newer changes; `fields` were merged.
    case merged(fields: [String])
    /// The server kept its text and put this write's in a sibling item tagged `conflicted-copy`.
    case conflicted(siblingId: String, fields: [String])
    /// Refused for good; the row was rolled back to the server's copy.
    case refused(Refusal)
    /// Held until the app acts: release it once the key or grant is fixed, or withdraw it.
    case blocked(reason: BlockedReason, refusal: Refusal? = nil)
    /// Refused five times for reasons that were neither the network's nor the contract's.
    case dead

    /// Whether the write took effect on the server.
    public var isSuccess: Bool {
        switch self {
        case .accepted, .merged, .conflicted: true
        case .refused, .blocked, .dead: false
        }
    }
}

/// Why a write is blocked.
public enum BlockedReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The key was refused, lacks a grant, or names a source it doesn't claim.
    case credentialRefused
    /// The idempotency key was used for another request.
    case keySpent
    /// The version the write was based on is no longer kept.
    case ancestorUnavailable
    /// The write collided and the server could not resolve it.
    case conflictUnresolved
}

/// What the server said when it refused a write.
public struct Refusal: Sendable, Hashable, Codable {
    /// The server's code, or a sentence naming the write this one waited on.
    public var reason: String
    /// The server's code.
    public var code: String?
    /// The server's message.
    public var message: String?
    /// The fields refused, with why.
    public var fields: [FieldRefusal]
    /// Whether the row is in the bin.
    public var trashed: Bool
    /// The grant the key lacks, when that is why.
    public var grant: MissingGrant?

    /// A refusal with these values.
    public init(
        reason: String, code: String? = nil, message: String? = nil, fields: [FieldRefusal] = [], trashed: Bool = false,
        grant: MissingGrant? = nil
    ) {
        self.reason = reason
        self.code = code
        self.message = message
        self.fields = fields
        self.trashed = trashed
        self.grant = grant
    }
}

/// One field a refusal names.
public struct FieldRefusal: Sendable, Hashable, Codable {
    /// The field.
    public var field: String
    /// Why it was refused.
    public var message: String

    /// A field refusal with these values.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// A grant a key lacks.
public struct MissingGrant: Sendable, Hashable, Codable {
    /// What the grant is on: a type, an edge type or an extension namespace.
    public var kind: GrantKind
    /// The type or edge type id, or the extension namespace.
    public var name: String
    /// The level the key lacks.
    public var level: GrantLevel

    /// A missing grant with these values.
    public init(kind: GrantKind, name: String, level: GrantLevel) {
        self.kind = kind
        self.name = name
        self.level = level
    }
}

extension Verdict: CustomStringConvertible {
    /// The verdict in a few words: `accepted`, `merged (body)`, `conflicted (body) → <sibling>`,
    /// `refused: <code>`, `blocked (conflictUnresolved): <code>`, `dead`.
    public var description: String {
        switch self {
        case .accepted: "accepted"
        case .merged(let fields): "merged (\(fields.joined(separator: ", ")))"
        case .conflicted(let sibling, let fields): "conflicted (\(fields.joined(separator: ", "))) → \(sibling)"
        case .refused(let refusal): "refused: \(refusal.code ?? refusal.reason)"
        case .blocked(let reason, let refusal):
            "blocked (\(reason.rawValue))" + (refusal.map { ": \($0.code ?? $0.reason)" } ?? "")
        case .dead: "dead"
        }
    }
}
