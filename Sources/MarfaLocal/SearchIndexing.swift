import Synchronization

/// When the rows writes note in `search_pending` reach the index (`ItemSearchIndex.indexPending`):
/// a batch `delay` after the first write since the last batch, and before every search.
///
/// This only keeps the facts that decide it; `LocalStore` runs the batches. A write marks that
/// rows may be waiting after it commits, so a search that starts after a write's answer sees the
/// mark, or an indexing under way that took it, and indexes first.
final class SearchIndexing: Sendable {
    /// How long after a write its rows wait at most when no search asks for them sooner, unless
    /// the instance's options say otherwise.
    static let defaultDelay: Duration = .milliseconds(200)
    /// The most rows one batch indexes, so a long backlog is indexed in several transactions.
    static let batchSize = 2_000

    private struct State {
        var mayBePending = false
        var scheduled = false
        var running = 0
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

    /// Whether the caller must index now, taking the mark: true when a write may have left rows
    /// waiting, and also while another indexing is under way (the caller's own write then runs
    /// after it on the writer, so every row committed before the call is indexed when it ends).
    /// A true answer is paired with `end()`.
    func begin() -> Bool {
        state.withLock { state in
            guard state.mayBePending || state.running > 0 else { return false }
            state.mayBePending = false
            state.running += 1
            return true
        }
    }

    /// An indexing `begin()` allowed has ended.
    func end() {
        state.withLock { $0.running -= 1 }
    }

    /// The scheduled batch starts: the next write schedules another.
    func scheduledBatchStarts() {
        state.withLock { $0.scheduled = false }
    }
}
