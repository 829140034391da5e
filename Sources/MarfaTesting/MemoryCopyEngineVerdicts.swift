#if DEBUG
import Foundation
import Marfa

/// The fake engine's side of a drain: what waits, verdicts recorded, rows adopted or rolled back.
extension MemoryCopyEngine {
    /// The unanswered writes in queue order, and the verdict of every answered write by id.
    func pendingQueue() -> (pending: [QueuedWrite], answered: [String: Verdict]) {
        state.withLock { state in
            let writes = state.queue.entries.map(\.write)
            let answered = writes.compactMap { write in write.verdict.map { (write.id, $0) } }
            return (writes.filter { $0.verdict == nil }, Dictionary(answered, uniquingKeysWith: { $1 }))
        }
    }

    /// Records `verdict` for `write`: a success is taken as the server's row, a refusal rolls the
    /// row back.
    func record(_ verdict: Verdict, for write: QueuedWrite) {
        state.withLock { state in
            let effect = state.queue.entry(write.id)?.effect ?? .none
            state.queue.update(write.id) { recorded in
                recorded.verdict = verdict
                recorded.answeredAt = Date()
            }
            if verdict.isSuccess { state.rows.adopt(write, effect: effect) }
            if case .refused = verdict { state.rows.rollBack(write) }
        }
    }

    /// Marks the copy expired for `reason`: reads still answer, and it needs a fill.
    func expire(reason: String) {
        state.withLock { state in
            state.hydration = .expired
            state.expiredReason = reason
        }
    }

    /// Takes out a write blocked for an unavailable ancestor or an unresolved conflict, its item
    /// back to the server's copy; nil for any other write, `notFound` for an unknown one.
    func withdraw(_ id: String) throws -> QueuedWrite? {
        try state.withLock { state in
            guard let entry = state.queue.entry(id) else { throw Self.unknownWrite(id) }
            switch entry.write.verdict {
            case .blocked(.ancestorUnavailable, _)?, .blocked(.conflictUnresolved, _)?: break
            default: return nil
            }
            state.queue.remove(id)
            if let item = entry.write.itemId { state.rows.reset(item) }
            return entry.write
        }
    }
}
#endif
