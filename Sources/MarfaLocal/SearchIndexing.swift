import Synchronization

/// When the rows writes note in `search_pending` reach the index (`ItemSearchIndex.indexPending`):
/// a batch `delay` after the first write since the last batch, and before every search.
///
/// This only keeps the two facts that decide it; `LocalStore` runs the batches. A write marks
/// that rows may be waiting after it commits, so a search that starts after a write's answer
/// always sees the mark and indexes first.
final class SearchIndexing: Sendable {
    /// How long after a write its rows wait at most when no search asks for them sooner, unless
    /// the instance's options say otherwise.
    static let defaultDelay: Duration = .milliseconds(200)
    /// The most rows one batch indexes, so a long backlog is indexed in several transactions.
    static let batchSize = 2_000

    private struct State {
        var mayBePending = false
        var scheduled = false
    }

    private let state = Mutex(State())
    /// How long after a write its rows wait at most when no search asks for them sooner.
    let delay: Duration

    init(delay: Duration = defaultDelay) { self.delay = delay }

    /// Marks that a committed write may have left rows waiting; true when no batch is scheduled
    /// yet (the caller schedules one).
    func noteWrite() -> Bool {
        state.withLock { state in
            state.mayBePending = true
            defer { state.scheduled = true }
            return !state.scheduled
        }
    }

    /// Whether rows may be waiting, clearing the mark: a write committed after this marks again.
    func takeMark() -> Bool {
        state.withLock { state in
            defer { state.mayBePending = false }
            return state.mayBePending
        }
    }

    /// The scheduled batch starts: the next write schedules another.
    func scheduledBatchStarts() {
        state.withLock { $0.scheduled = false }
    }
}
