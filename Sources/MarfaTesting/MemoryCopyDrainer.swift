#if DEBUG
import Foundation
import Marfa

/// Drains the fake copy's queue with the verdicts a test scripts, by the rules of the real drain:
/// in queue order, a write behind an unanswered or held write waits, one that depends on a
/// refused or dead write is refused unsent, and a write the script leaves unanswered (`nil`) ends
/// the pass as a lost server would. An accepted write is taken as the server's; a refused one is
/// rolled back. Afterwards the copy's `changes()` hear each verdict, then `.refreshed(.drained)`.
final class MemoryCopyDrainer: CopyDrainer {
    /// The fake has no server: every call that needs one is unsupported.
    func unsupported(_ call: String) -> any Error { FakeCopyError.unsupported(call: call) }

    let engine: MemoryCopyEngine
    let feed: ChangeFeed

    init(engine: MemoryCopyEngine, feed: ChangeFeed) {
        self.engine = engine
        self.feed = feed
    }

    private struct Pass {
        var report = DrainReport()
        var verdicts: [String: Verdict] = [:]
        var expiry: MarfaError?
        var ended = false
    }

    func drain() async throws -> DrainReport {
        let (writes, answered) = engine.pendingQueue()
        var pass = Pass()
        pass.verdicts = answered
        let present = Set(writes.map(\.id)).union(answered.keys)
        for write in writes where !pass.ended {
            if Task.isCancelled { throw MarfaError.canceled }
            if let failed = write.dependsOn.first(where: { !present.contains($0) || Self.failed(pass.verdicts[$0]) }) {
                let refusal = Refusal(reason: "It waited on write \(failed), which was refused.", message: "It waited on write \(failed), which was refused.")
                engine.record(.refused(refusal), for: write)
                pass.report.unsent += 1
                note(.refused(refusal), for: write, pass: &pass)
                continue
            }
            let ahead = (write.dependsOn + [write.follows].compactMap { $0 }).filter(present.contains)
            if ahead.contains(where: { pass.verdicts[$0] == nil || Self.held(pass.verdicts[$0]) }) {
                pass.report.held += 1
                continue
            }
            send(write, pass: &pass)
        }
        announce(pass.report)
        if let expiry = pass.expiry { throw expiry }
        return pass.report
    }

    /// Asks the script for the write's verdict and records it; a retype accepted expires the
    /// copy, as it changes what the copy may read.
    private func send(_ write: QueuedWrite, pass: inout Pass) {
        guard let verdict = engine.script.verdict(write) else {
            pass.report.undelivered += 1
            pass.report.unavailable = "The fake's verdict left write \(write.id) unanswered."
            pass.ended = true
            return
        }
        engine.record(verdict, for: write)
        note(verdict, for: write, pass: &pass)
        if verdict.isSuccess, write.kind == .updateItem, write.body["type"] != nil {
            engine.expire(reason: "read_view_changed")
            pass.expiry = .copyExpired(reason: "read_view_changed", message: "The retype changed what this copy may read. Hydrate it again.")
            pass.ended = true
        }
    }

    private func note(_ verdict: Verdict, for write: QueuedWrite, pass: inout Pass) {
        pass.verdicts[write.id] = verdict
        pass.report.answered += 1
        pass.report.verdicts.append(
            DrainVerdict(id: write.id, kind: write.kind, itemId: write.itemId, edgeId: write.edgeId, verdict: verdict, refusals: write.refusals))
    }

    /// Tells the change feed each verdict, that the server is reachable again when anything was
    /// answered (heard only after `.serverUnreachable`), then that the drain is done.
    private func announce(_ report: DrainReport) {
        for verdict in report.verdicts {
            feed.send(Change(origin: .answered(verdict), itemId: verdict.itemId, edgeId: verdict.edgeId))
        }
        if report.answered > 0 { feed.send(Change(origin: .serverReachable)) }
        feed.send(Change(origin: .refreshed(.drained)))
    }

    /// Removes a write blocked for an unavailable ancestor or an unresolved conflict and puts its
    /// item back to the server's copy; false for any other write.
    func withdraw(_ id: String) async throws -> Bool {
        guard let write = try engine.withdraw(id) else { return false }
        feed.send(Change(origin: .refreshed(.withdrawn), itemId: write.itemId))
        return true
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
#endif
