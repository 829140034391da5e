/// Records a drain's successes in batches while it sends on: one transaction for up to
/// `batchSize` verdicts, or for those that have waited `maxWait` when the next request goes, each
/// batch written in the background beside the next requests, one batch at a time.
///
/// A crash before a batch is written loses nothing: its writes are still queued under their
/// idempotency keys, so the next drain sends them again and records the server's replayed answers.
struct VerdictRecorder {
    static let batchSize = 64
    static let maxWait: Duration = .milliseconds(50)

    private let store: SQLiteCopyStore
    private var waiting: [AnsweredWrite] = []
    private var firstWaiting = ContinuousClock.now
    private var running: Task<Result<Void, MarfaError>, Never>?

    init(store: SQLiteCopyStore) { self.store = store }

    /// Adds a success to the batch.
    mutating func add(_ answered: AnsweredWrite, now: ContinuousClock.Instant = .now) {
        if waiting.isEmpty { firstWaiting = now }
        waiting.append(answered)
    }

    /// Starts writing the batch in the background when it is full or has waited `maxWait`, once
    /// the batch before it is written; throws what writing that one threw. The drain calls it
    /// before each request, so a success waits at most `maxWait` and one request.
    mutating func startIfDue(now: ContinuousClock.Instant = .now) async throws(MarfaError) {
        guard !waiting.isEmpty, waiting.count >= Self.batchSize || now - firstWaiting >= Self.maxWait else { return }
        try await finishRunning()
        let batch = waiting
        waiting = []
        running = Task { [store] in
            do throws(MarfaError) {
                try await store.record(batch)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Writes every success added and waits for it, throwing what writing any batch threw.
    mutating func settle() async throws(MarfaError) {
        try await finishRunning()
        guard !waiting.isEmpty else { return }
        let batch = waiting
        waiting = []
        try await store.record(batch)
    }

    private mutating func finishRunning() async throws(MarfaError) {
        guard let task = running else { return }
        running = nil
        try await task.value.get()
    }
}
