#if DEBUG
import Foundation
import Marfa

/// The fake engine's queue calls, with the store's rules.
extension MemoryCopyEngine {
    /// Stores `write` and its local effect in one step. Throws `unsupported`, before anything is
    /// stored, for a create with a natural key (only the instance knows which row it lands on) and
    /// for a create or update that adds or drops a body link (the copy would queue its edges by the
    /// core's name rules).
    func enqueue(_ write: QueuedWrite, effect: LocalEffect) async throws -> QueuedWrite {
        if write.kind == .createItem, write.body["source_id"] != nil {
            throw FakeCopyError.unsupported(call: "items.create(_:) with a sourceId")
        }
        return try state.withLock { state in
            if write.kind == .createItem || write.kind == .updateItem, case .item(let item) = effect {
                let before = state.rows.items[item.id].flatMap { Self.read($0.item, catalog: state.catalog).body }
                if BodyLink.keys(in: write.kind == .createItem ? nil : before) != BodyLink.keys(in: item.body) {
                    throw FakeCopyError.unsupported(call: "body links")
                }
            }
            let queued = state.queue.append(write, effect: effect)
            state.rows.apply(effect)
            return queued
        }
    }

    func queuedWrites() async throws -> [QueuedWrite] { state.withLock { $0.queue.all } }

    /// Every write received, in order, with its verdict now.
    var receivedWrites: [QueuedWrite] { state.withLock { $0.queue.receivedWrites } }

    func release(_ id: String) async throws -> Bool {
        try state.withLock { state in
            guard let entry = state.queue.entry(id) else { throw Self.unknownWrite(id) }
            switch entry.write.verdict {
            case .blocked?, .dead?:
                state.queue.requeue(id)
                return true
            default: return false
            }
        }
    }

    func release(reason: BlockedReason) async throws -> Int {
        state.withLock { state in
            var released = 0
            for entry in state.queue.entries {
                guard case .blocked(let held, _)? = entry.write.verdict, held == reason else { continue }
                state.queue.requeue(entry.write.id)
                released += 1
            }
            return released
        }
    }

    func discard(_ id: String) async throws -> Bool {
        try state.withLock { state in
            guard let entry = state.queue.entry(id) else { throw Self.unknownWrite(id) }
            guard case .refused? = entry.write.verdict, !state.queue.isNeeded(id) else { return false }
            state.queue.remove(id)
            return true
        }
    }

    /// Clears answered writes, keeping blocked and dead ones, refused ones that carried content,
    /// and any an unanswered write still waits on.
    func forgetAnswered() async throws -> Int {
        state.withLock { state in
            var forgotten = 0
            for entry in state.queue.entries {
                guard let verdict = entry.write.verdict else { continue }
                switch verdict {
                case .blocked, .dead: continue
                case .refused where !entry.write.body.isEmpty: continue
                default: if state.queue.isNeeded(entry.write.id) { continue }
                }
                state.queue.remove(entry.write.id)
                forgotten += 1
            }
            return forgotten
        }
    }

    /// The answered writes not handed over before (blocked ones stay), removed unless an
    /// unanswered write still waits on one.
    func takeAnswered() async throws -> [QueuedWrite] {
        state.withLock { state in
            var taken: [QueuedWrite] = []
            for entry in state.queue.entries where !entry.handed {
                guard let verdict = entry.write.verdict else { continue }
                if case .blocked = verdict { continue }
                var write = entry.write
                write.waiting = false
                taken.append(write)
                if state.queue.isNeeded(write.id) {
                    state.queue.markHanded(write.id)
                } else {
                    state.queue.remove(write.id)
                }
            }
            return taken
        }
    }

    static func unknownWrite(_ id: String) -> MarfaError {
        .notFound(code: "write_not_found", message: "The queue holds no write \(id).")
    }
}
#endif
