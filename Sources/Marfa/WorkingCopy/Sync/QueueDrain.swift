import Foundation

/// One pass over the queue, in queue order: each unanswered write whose writes ahead are answered
/// is sent once under its idempotency key and its verdict recorded with the server's row.
///
/// A write behind an unanswered or held one waits; one that depends on a refused or dead write is
/// refused unsent. The network, a proxy, the server's own troubles and a contract change end the
/// pass with the write still queued under its key and uncounted. A 401 parks the queue. A retype
/// that was answered expires the copy, after its verdict is recorded.
struct QueueDrain: Sendable {
    static let refusalCeiling = 5

    let sender: WriteSender
    let wire: CopyWire
    let store: SQLiteCopyStore

    private struct Pass {
        var report = DrainReport()
        var verdicts: [String: Verdict] = [:]
        var expiry: MarfaError?
        var ended = false
    }

    func run() async throws(MarfaError) -> (DrainReport, MarfaError?) {
        let (writes, answered) = try await store.pendingQueue()
        var pass = Pass()
        pass.verdicts = answered
        let present = Set(writes.map(\.id)).union(answered.keys)
        for write in writes where !pass.ended {
            if Task.isCancelled { throw .canceled }
            // A write it depends on that left the queue unanswered was withdrawn or discarded.
            if let failed = write.dependsOn.first(where: { !present.contains($0) || Self.failed(pass.verdicts[$0]) }) {
                try await refuseUnsent(write, waitedOn: failed, pass: &pass)
                continue
            }
            let ahead = (write.dependsOn + [write.follows].compactMap { $0 }).filter(present.contains)
            if ahead.contains(where: { pass.verdicts[$0] == nil || Self.held(pass.verdicts[$0]) }) {
                pass.report.held += 1
                continue
            }
            try await send(write, pass: &pass)
        }
        if Task.isCancelled && pass.report.unavailable != nil { throw .canceled }
        return (pass.report, pass.expiry)
    }

    private func send(_ write: QueuedWrite, pass: inout Pass) async throws(MarfaError) {
        let version = try await baseVersion(for: write, pass: pass)
        let result: SendResult
        do {
            result = VerdictRules.verdict(for: try await sender.send(WriteRequest(write, version: version), idempotencyKey: write.idempotencyKey))
        } catch {
            result = VerdictRules.failure(error)
        }
        switch result {
        case .answered(let verdict, let answer):
            try await store.record(verdict, for: write, answer: answer, refusals: write.refusals)
            if case .refused = verdict { try await rollBack(write) }
            note(verdict, for: write, replayed: answer.replayed, pass: &pass)
            if case .blocked(.credentialRefused, let refusal) = verdict, answer.status == 401 {
                pass.report.stopped = refusal?.message ?? "The server refused the key."
                pass.ended = true
            }
            if verdict.isSuccess, write.kind == .updateItem, write.body["type"] != nil {
                try await store.expire(reason: "read_view_changed")
                pass.expiry = .copyExpired(reason: "read_view_changed", message: "The retype changed what this copy may read. Hydrate it again.")
                pass.ended = true
            }
        case .undelivered(let error, let wait):
            pass.report.undelivered += 1
            pass.report.unavailable = error.message
            pass.report.retryAfterSeconds = wait
            pass.ended = true
        case .counted(let reason):
            let refusals = write.refusals + 1
            pass.report.unmade += 1
            if refusals >= Self.refusalCeiling {
                try await store.record(.dead, for: write, answer: nil, refusals: refusals)
                note(.dead, for: write, replayed: false, pass: &pass)
            } else {
                try await store.count(write, refusals: refusals, reason: reason)
            }
        }
    }

    private func note(_ verdict: Verdict, for write: QueuedWrite, replayed: Bool, pass: inout Pass) {
        pass.verdicts[write.id] = verdict
        pass.report.answered += 1
        pass.report.verdicts.append(
            DrainVerdict(id: write.id, kind: write.kind, itemId: write.itemId, edgeId: write.edgeId, verdict: verdict, refusals: write.refusals, replayed: replayed))
    }

    /// A write queued behind this copy's own earlier, answered write to the same row is sent on
    /// the version that answer left; any other on the version it was based on.
    private func baseVersion(for write: QueuedWrite, pass: Pass) async throws(MarfaError) -> Int64? {
        guard write.kind == .updateItem || write.kind == .updateEdge else { return nil }
        guard let follows = write.follows, pass.verdicts[follows]?.isSuccess == true else { return write.baseVersion }
        if write.kind == .updateItem, let id = write.itemId { return try await store.heldVersion(of: id) ?? write.baseVersion }
        return write.baseVersion
    }

    private func refuseUnsent(_ write: QueuedWrite, waitedOn failed: String, pass: inout Pass) async throws(MarfaError) {
        let refusal = Refusal(reason: "It waited on write \(failed), which was refused.", message: "It waited on write \(failed), which was refused.")
        try await store.record(.refused(refusal), for: write, answer: nil, refusals: write.refusals)
        try await rollBack(write)
        pass.report.unsent += 1
        note(.refused(refusal), for: write, replayed: false, pass: &pass)
    }

    /// Puts the row a refused write changed back to the server's copy.
    private func rollBack(_ write: QueuedWrite) async throws(MarfaError) {
        switch write.kind {
        case .createItem: try await store.dropCreated(itemId: write.itemId, edgeId: nil)
        case .createEdge: try await store.dropCreated(itemId: nil, edgeId: write.edgeId)
        case .updateEdge, .deleteEdge:
            guard let id = write.edgeId else { return }
            try await store.reset(edgeId: id, to: try? await wire.edge(id: id, view: nil))
        default:
            guard let id = write.itemId else { return }
            do {
                try await store.reset(itemId: id, to: try await wire.item(id: id, view: nil))
            } catch where error.isOffline || error.isTransient {
                // Read again at the next drain: the row keeps the write's change until then.
            }
        }
    }

    static func failed(_ verdict: Verdict?) -> Bool {
        switch verdict {
        case .refused?, .dead?: true
        default: false
        }
    }

    static func held(_ verdict: Verdict?) -> Bool {
        switch verdict {
        case .blocked?, .dead?: true
        default: false
        }
    }
}
