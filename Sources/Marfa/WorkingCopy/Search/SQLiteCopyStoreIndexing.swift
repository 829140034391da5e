import MarfaSQLite

/// When the store indexes the rows its writes left in `search_pending`: in batches on the
/// writer's thread once the writes pause for `indexingQuiet` (or `indexingLimit` after the first
/// write that left some, if they never pause), so a burst of writes shares a batch, no write in it
/// waits behind one, and a write's transaction only notes its rows; and before each of this
/// store's own searches and on close, so they rank every row alike.
extension SQLiteCopyStore {
    /// How long the writes must pause before a batch runs.
    static let indexingQuiet = Duration.milliseconds(100)
    /// The longest a noted row waits for a pause before it is indexed anyway.
    static let indexingLimit = Duration.seconds(1)

    /// Notes a write that left rows for the index, and queues the batch that indexes every row
    /// noted so far once the writes pause; a batch already scheduled or under way takes the new
    /// rows too.
    func scheduleIndexing() {
        let start = indexing.withLock { $0.noteWrite(at: .now) }
        guard start else { return }
        Task {
            while let wait = indexing.withLock({
                $0.wait(at: .now, quiet: Self.indexingQuiet, limit: Self.indexingLimit)
            }) {
                try? await Task.sleep(for: wait)
            }
            try? await self.indexPending()
        }
    }

    /// Rows indexed in one write transaction: batches this large cost FTS5 no more per row than
    /// one statement over every row, and a write waits at most one batch (about 0.7 s on 2 cores).
    static let indexingBatch = 10_000

    /// Indexes every noted row, `indexingBatch` rows to a write transaction, when a write left
    /// some; returns once none are left, also when another call indexed some of them.
    func indexPending() async throws(MarfaError) {
        guard handle == .writer, indexing.withLock({ $0.due }) else { return }
        do {
            while try await pool.write({ db in
                let left = try CopySearchIndex.flushPending(in: db, limit: Self.indexingBatch) == Self.indexingBatch
                // Cleared in the batch that empties the table: a write committed after it
                // queues the next batch.
                if !left { self.indexing.withLock { $0.done() } }
                return left
            }) {}
        } catch {
            // The rows stay noted; the next write schedules another try.
            indexing.withLock { $0.done() }
            throw Self.storeError(error, path: path)
        }
    }
}
