/// When a store's batch of search indexing is due: after the writes that left rows for it pause
/// for a while, or a while after the first of them if they never pause.
struct IndexingSchedule: Sendable {
    /// Whether a write left rows and their batch hasn't emptied the table yet.
    private(set) var due = false
    /// The first write since the last batch that left rows, and the latest.
    private var first = ContinuousClock.Instant.now
    private var latest = ContinuousClock.Instant.now

    /// Notes a write that left rows at `now`; true when it is the first since the last batch, so
    /// the caller starts the wait for the next one.
    mutating func noteWrite(at now: ContinuousClock.Instant) -> Bool {
        latest = now
        guard !due else { return false }
        due = true
        first = now
        return true
    }

    /// How much longer the batch waits at `now`: until the writes have paused for `quiet`, or
    /// `limit` after the first write; nil when it is due.
    func wait(at now: ContinuousClock.Instant, quiet: Duration, limit: Duration) -> Duration? {
        let left = min(latest + quiet, first + limit) - now
        return left > .zero ? left : nil
    }

    /// The batch emptied the table (or failed): the next write that leaves rows starts a new wait.
    mutating func done() { due = false }
}
