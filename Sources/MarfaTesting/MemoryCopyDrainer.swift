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

    func drain() async throws -> DrainReport {
        let (writes, answered) = engine.pendingQueue()
        var pass = DrainPass(pending: writes, answered: answered)
        for write in writes where !pass.ended {
            if Task.isCancelled { throw MarfaError.canceled }
            switch pass.step(for: write) {
            case .refuseUnsent(let refusal):
                engine.record(.refused(refusal), for: write)
                pass.noteUnsent(refusal, for: write)
            case .hold: pass.report.held += 1
            case .send: send(write, pass: &pass)
            }
        }
        feed.announce(pass.report)
        if let expiry = pass.expiry { throw expiry }
        return pass.report
    }

    /// Asks the script for the write's verdict and records it; a retype accepted expires the
    /// copy, as it changes what the copy may read.
    private func send(_ write: QueuedWrite, pass: inout DrainPass) {
        guard let verdict = engine.script.verdict(write) else {
            pass.endUndelivered("The fake's verdict left write \(write.id) unanswered.")
            return
        }
        engine.record(verdict, for: write)
        pass.note(verdict, for: write)
        if pass.expiry != nil { engine.expire(reason: "read_view_changed") }
    }

    /// Removes a write blocked for an unavailable ancestor or an unresolved conflict and puts its
    /// item back to the server's copy; false for any other write.
    func withdraw(_ id: String) async throws -> Bool {
        guard let write = try engine.withdraw(id) else { return false }
        feed.send(Change(origin: .refreshed(.withdrawn), itemId: write.itemId))
        return true
    }
}
#endif
