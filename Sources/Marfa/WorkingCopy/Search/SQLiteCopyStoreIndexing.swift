import MarfaSQLite

/// When the store indexes the rows its writes left in `search_pending`: in batches on the
/// writer's thread a moment after the first write that left some (`indexingDelay`), so a burst of
/// writes shares a batch and a write's transaction only notes its rows; and before each of this
/// store's own searches and on close, so they rank every row alike.
extension SQLiteCopyStore {
    /// How long a batch waits after the write that scheduled it, so the writes that follow within
    /// it are indexed together rather than each waiting behind a batch of its own.
    static let indexingDelay = Duration.milliseconds(100)

    /// Queues the indexing of every row noted so far, `indexingDelay` from now; indexing already
    /// scheduled or under way takes the new rows too.
    func scheduleIndexing() {
        let due = indexingDue.withLock { due in
            defer { due = true }
            return !due
        }
        guard due else { return }
        Task {
            try? await Task.sleep(for: Self.indexingDelay)
            try? await self.indexPending()
        }
    }

    /// Rows indexed in one write transaction: batches this large cost FTS5 no more per row than
    /// one statement over every row, and a write waits at most one batch (about 0.7 s on 2 cores).
    static let indexingBatch = 10_000

    /// Indexes every noted row, `indexingBatch` rows to a write transaction, when a write left
    /// some; returns once none are left, also when another call indexed some of them.
    func indexPending() async throws(MarfaError) {
        guard handle == .writer, indexingDue.withLock({ $0 }) else { return }
        do {
            while try await pool.write({ db in
                let left = try CopySearchIndex.flushPending(in: db, limit: Self.indexingBatch) == Self.indexingBatch
                // Cleared in the batch that empties the table: a write committed after it
                // queues the next batch.
                if !left { self.indexingDue.withLock { $0 = false } }
                return left
            }) {}
        } catch {
            // The rows stay noted; the next write schedules another try.
            indexingDue.withLock { $0 = false }
            throw Self.storeError(error, path: path)
        }
    }
}
