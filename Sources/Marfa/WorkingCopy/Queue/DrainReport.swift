/// What one drain did.
public struct DrainReport: Sendable, Hashable {
    /// Writes the server answered.
    public var answered: Int
    /// Writes held back: blocked, dead, or waiting behind one that is.
    public var held: Int
    /// Writes sent that got no answer (the network, the server's troubles): still queued, uncounted.
    public var undelivered: Int
    /// Writes settled without a request (refused with the write they depend on).
    public var unsent: Int
    /// Requests that could not be made, counted against their write.
    public var unmade: Int
    /// Why the pass ended early, when it did.
    public var unavailable: String?
    /// The verdicts given in this pass.
    public var verdicts: [DrainVerdict]
    /// The credential refusal that parked the queue, when one did.
    public var stopped: String?
    /// How long the server asked to wait, when it did.
    public var retryAfterSeconds: UInt64?
    /// The sources the key does not claim, each named once, in the order `403` refusals with
    /// `details.source` named them in this pass; their writes are blocked `credentialRefused`.
    public var unclaimedSources: [String]

    /// A report with these values, for an app's previews and tests.
    public init(
        answered: Int = 0, held: Int = 0, undelivered: Int = 0, unsent: Int = 0, unmade: Int = 0,
        unavailable: String? = nil,
        verdicts: [DrainVerdict] = [], stopped: String? = nil, retryAfterSeconds: UInt64? = nil,
        unclaimedSources: [String] = []
    ) {
        self.answered = answered
        self.held = held
        self.undelivered = undelivered
        self.unsent = unsent
        self.unmade = unmade
        self.unavailable = unavailable
        self.verdicts = verdicts
        self.stopped = stopped
        self.retryAfterSeconds = retryAfterSeconds
        self.unclaimedSources = unclaimedSources
    }
}

/// One verdict a drain gave.
public struct DrainVerdict: Sendable, Hashable {
    /// The write's id.
    public var id: String
    /// What the write did.
    public var kind: WriteKind
    /// The item (for an edge write, its source).
    public var itemId: String?
    /// The edge.
    public var edgeId: String?
    /// The verdict, or nil for a write that stays unanswered.
    public var verdict: Verdict?
    /// Counted refusals so far.
    public var refusals: Int
    /// Whether the server answered from its idempotency record.
    public var replayed: Bool

    /// A drain verdict with these values.
    public init(
        id: String, kind: WriteKind, itemId: String? = nil, edgeId: String? = nil, verdict: Verdict?, refusals: Int = 0,
        replayed: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.edgeId = edgeId
        self.verdict = verdict
        self.refusals = refusals
        self.replayed = replayed
    }
}
