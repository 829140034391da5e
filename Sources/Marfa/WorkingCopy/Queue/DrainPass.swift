/// One pass over a queue's unanswered writes, by the rules every drain shares (the store's and
/// the fake's): in queue order, a write that depends on a refused, dead or vanished write is
/// refused unsent; one behind an unanswered, blocked or dead write is held; the rest are sent.
/// It keeps the report and the verdicts so far.
package struct DrainPass: Sendable {
    /// What to do with the next write.
    package enum Step: Sendable {
        /// Refuse it without a request: it waited on a write that was refused.
        case refuseUnsent(Refusal)
        /// Leave it for a later pass.
        case hold
        /// Send it.
        case send
    }

    package var report = DrainReport()
    /// The verdict of every answered write, by id.
    package private(set) var verdicts: [String: Verdict]
    /// The expiry an answered retype brought; thrown after the report is told.
    package private(set) var expiry: MarfaError?
    /// Whether the pass stopped early.
    package var ended = false
    private let present: Set<String>

    /// A pass over `pending` (in queue order), the writes already answered being `answered`.
    package init(pending: [QueuedWrite], answered: [String: Verdict]) {
        verdicts = answered
        present = Set(pending.map(\.id)).union(answered.keys)
    }

    package func step(for write: QueuedWrite) -> Step {
        // A write it depends on that left the queue unanswered was withdrawn or discarded.
        if let failed = write.dependsOn.first(where: { !present.contains($0) || Self.failed(verdicts[$0]) }) {
            let reason = "It waited on write \(failed), which was refused."
            return .refuseUnsent(Refusal(reason: reason, message: reason))
        }
        let ahead = (write.dependsOn + [write.follows].compactMap { $0 }).filter(present.contains)
        return ahead.contains(where: { verdicts[$0] == nil || Self.held(verdicts[$0]) }) ? .hold : .send
    }

    /// Records `verdict` for `write`; an answered retype ends the pass with the copy expired.
    package mutating func note(_ verdict: Verdict, for write: QueuedWrite, refusals: Int? = nil, replayed: Bool = false)
    {
        verdicts[write.id] = verdict
        report.answered += 1
        report.verdicts.append(
            DrainVerdict(
                id: write.id, kind: write.kind, itemId: write.itemId, edgeId: write.edgeId, verdict: verdict,
                refusals: refusals ?? write.refusals, replayed: replayed))
        if verdict.isSuccess, Self.retypes(write) {
            expiry = .copyExpired(
                reason: "read_view_changed", message: "The retype changed what this copy may read. Hydrate it again.")
            ended = true
        }
    }

    /// Whether `write` changes an item's type: its success ends the pass and expires the copy.
    static func retypes(_ write: QueuedWrite) -> Bool {
        write.kind == .updateItem && WireBodies.retypes(write.body)
    }

    /// Records a write refused without a request.
    package mutating func noteUnsent(_ refusal: Refusal, for write: QueuedWrite) {
        report.unsent += 1
        note(.refused(refusal), for: write)
    }

    /// Ends the pass with the write undelivered: still queued under its key, uncounted.
    package mutating func endUndelivered(_ why: String, retryAfter: UInt64? = nil) {
        report.undelivered += 1
        report.unavailable = why
        report.retryAfterSeconds = retryAfter
        ended = true
    }

    private static func failed(_ verdict: Verdict?) -> Bool {
        switch verdict {
        case .refused?, .dead?: true
        default: false
        }
    }

    private static func held(_ verdict: Verdict?) -> Bool {
        switch verdict {
        case .blocked?, .dead?: true
        default: false
        }
    }
}
