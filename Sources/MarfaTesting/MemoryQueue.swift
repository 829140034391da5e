#if DEBUG
import Foundation
import Marfa

/// The fake copy's queue, with the rules of the store's: what a write follows and depends on,
/// which writes wait, which an unanswered write still needs. It also keeps every write it ever
/// received, with its verdict now, for `FakeCopy.writes`.
struct MemoryQueue: Sendable {
    /// A queued write, its local effect, and whether `takeAnswered` handed it over already.
    struct Entry: Sendable {
        var write: QueuedWrite
        var effect: LocalEffect
        var handed = false
    }

    private(set) var entries: [Entry] = []
    private var received: [QueuedWrite] = []
    private var receivedPositions: [String: Int] = [:]

    /// Appends `write` with what it follows (the last unanswered write to the same edge, else to
    /// the same item) and the unanswered creates of its item and target it depends on.
    mutating func append(_ write: QueuedWrite, effect: LocalEffect) -> QueuedWrite {
        var write = write
        let unanswered = entries.map(\.write).filter { $0.verdict == nil }
        if let edge = write.edgeId {
            write.follows = unanswered.last { $0.edgeId == edge }?.id
        } else if let item = write.itemId {
            write.follows = unanswered.last { $0.itemId == item && $0.edgeId == nil }?.id
        }
        for id in [write.itemId, write.targetId].compactMap({ $0 }) {
            if let create = unanswered.first(where: { $0.kind == .createItem && $0.itemId == id })?.id,
                create != write.id, !write.dependsOn.contains(create)
            {
                write.dependsOn.append(create)
            }
        }
        entries.append(Entry(write: write, effect: effect))
        receivedPositions[write.id] = received.count
        received.append(write)
        return write
    }

    /// Every queued write in queue order, `waiting` set for an unanswered write behind another
    /// that is unanswered, blocked or dead.
    var all: [QueuedWrite] { QueuedWrite.markingWaiting(entries.map(\.write)) }

    /// Every write received, in order, with its verdict now (waiting only while still queued).
    var receivedWrites: [QueuedWrite] {
        let waiting = Dictionary(all.map { ($0.id, $0.waiting) }, uniquingKeysWith: { first, _ in first })
        return received.map { write in
            var write = write
            write.waiting = waiting[write.id] ?? false
            return write
        }
    }

    func entry(_ id: String) -> Entry? { entries.first { $0.write.id == id } }

    /// Whether an unanswered write depends on or follows `id`.
    func isNeeded(_ id: String) -> Bool {
        entries.contains { $0.write.verdict == nil && ($0.write.follows == id || $0.write.dependsOn.contains(id)) }
    }

    /// Changes the write `id`, in the queue and in what was received.
    mutating func update(_ id: String, _ change: (inout QueuedWrite) -> Void) {
        if let position = entries.firstIndex(where: { $0.write.id == id }) { change(&entries[position].write) }
        if let position = receivedPositions[id] { change(&received[position]) }
    }

    /// Marks the write `id` handed over by `takeAnswered`.
    mutating func markHanded(_ id: String) {
        if let position = entries.firstIndex(where: { $0.write.id == id }) { entries[position].handed = true }
    }

    /// Unanswered again, under a fresh idempotency key, its count of refusals reset.
    mutating func requeue(_ id: String) {
        update(id) { write in
            write.verdict = nil
            write.answer = nil
            write.answeredAt = nil
            write.refusals = 0
            write.idempotencyKey = UUID().uuidString.lowercased()
        }
        if let position = entries.firstIndex(where: { $0.write.id == id }) { entries[position].handed = false }
    }

    /// Takes the write `id` out of the queue; `FakeCopy.writes` keeps it.
    mutating func remove(_ id: String) {
        entries.removeAll { $0.write.id == id }
    }
}
#endif
