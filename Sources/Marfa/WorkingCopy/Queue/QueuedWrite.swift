import Foundation

/// One write the copy made at once on the device and queued for the instance.
public struct QueuedWrite: Sendable, Hashable, Identifiable {
    /// The write's own id.
    public var id: String
    /// What it does.
    public var kind: WriteKind
    /// The item it writes (an edge write's source item).
    public var itemId: String?
    /// An edge's target item.
    public var targetId: String?
    /// The edge it writes.
    public var edgeId: String?
    /// The extension namespace it writes.
    public var namespace: String?
    /// The tag it adds or removes.
    public var tag: String?
    /// The blob an upload sends (`sha256:<hex>`).
    public var blob: String?
    /// The version it is based on.
    public var baseVersion: Int64?
    /// Minted when queued, kept across restarts and retries; a release mints a new one.
    public var idempotencyKey: String
    /// Writes it cannot go without, and is refused with.
    public var dependsOn: [String]
    /// The earlier write to the same row, which goes first without sharing its fate.
    public var follows: String?
    /// The server's answer, or nil while unanswered.
    public var verdict: Verdict?
    /// Whether it waits behind an unanswered write.
    public var waiting: Bool
    /// The request's body, as sent.
    public var body: JSONObject
    /// The server's raw answer, when there was one.
    public var answer: String?
    /// Counted refusals so far (five make it dead).
    public var refusals: Int
    /// When it was queued.
    public var queuedAt: Date
    /// When it was answered.
    public var answeredAt: Date?

    /// A write with these values, for an app's previews and tests.
    public init(
        id: String, kind: WriteKind, itemId: String? = nil, targetId: String? = nil, edgeId: String? = nil,
        namespace: String? = nil,
        tag: String? = nil, blob: String? = nil, baseVersion: Int64? = nil,
        idempotencyKey: String = RandomUUID.make(), dependsOn: [String] = [],
        follows: String? = nil, verdict: Verdict? = nil, waiting: Bool = false, body: JSONObject = [:],
        answer: String? = nil,
        refusals: Int = 0, queuedAt: Date = Date(), answeredAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.targetId = targetId
        self.edgeId = edgeId
        self.namespace = namespace
        self.tag = tag
        self.blob = blob
        self.baseVersion = baseVersion
        self.idempotencyKey = idempotencyKey
        self.dependsOn = dependsOn
        self.follows = follows
        self.verdict = verdict
        self.waiting = waiting
        self.body = body
        self.answer = answer
        self.refusals = refusals
        self.queuedAt = queuedAt
        self.answeredAt = answeredAt
    }
}

extension QueuedWrite {
    /// `writes` (a whole queue) with `waiting` set on each unanswered write behind another that
    /// is unanswered, blocked or dead.
    package static func markingWaiting(_ writes: [QueuedWrite]) -> [QueuedWrite] {
        let byID = Dictionary(writes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return writes.map { write in
            var write = write
            write.waiting =
                write.verdict == nil
                && (write.dependsOn + [write.follows].compactMap { $0 }).contains { id in
                    guard let other = byID[id] else { return false }
                    guard let verdict = other.verdict else { return true }
                    if case .blocked = verdict { return true }
                    return verdict == .dead
                }
            return write
        }
    }
}
