extension SQLitePool {
    /// How a pool opens its connections.
    public struct Configuration: Sendable, Hashable {
        /// Open no writer: every write throws `SQLiteError.isReadOnly`, and the file must exist.
        /// For a store another process writes.
        public var readOnly: Bool
        /// The most reader connections (and threads) the pool opens, lazily, as reads overlap.
        public var readerCount: Int
        /// How long a statement waits for another connection's lock before failing busy.
        public var busyTimeout: Duration
        /// `synchronous=FULL` instead of `NORMAL`: durable across a power loss, not only a crash.
        public var fullSync: Bool
        /// How many prepared statements each connection keeps for reuse.
        public var statementCacheCapacity: Int
        /// How many bytes of the file each reader may map into memory (see
        /// `SQLiteConnection.Options.memoryMapBytes`); 0 maps none.
        public var readerMemoryMapBytes: Int
        /// How long the writer goes without a commit before a WAL checkpoint runs, so checkpoints
        /// (whose syncs stall the commits that land while they run) fall between bursts of writes.
        /// A log grown past a few thousand pages is checkpointed at once, quiet or not.
        public var checkpointQuietPeriod: Duration

        /// The defaults: read-write, 4 readers, a 5 s busy timeout, `synchronous=NORMAL`, 64
        /// statements, no memory map, checkpoints after 20 ms without a commit.
        public init(
            readOnly: Bool = false, readerCount: Int = 4, busyTimeout: Duration = .seconds(5), fullSync: Bool = false,
            statementCacheCapacity: Int = 64, readerMemoryMapBytes: Int = 0,
            checkpointQuietPeriod: Duration = .milliseconds(20)
        ) {
            self.readOnly = readOnly
            self.readerCount = readerCount
            self.busyTimeout = busyTimeout
            self.fullSync = fullSync
            self.statementCacheCapacity = statementCacheCapacity
            self.readerMemoryMapBytes = readerMemoryMapBytes
            self.checkpointQuietPeriod = checkpointQuietPeriod
        }

        /// The writer's options: WAL, foreign keys, the busy timeout, the chosen `synchronous`.
        var writerOptions: SQLiteConnection.Options {
            .init(busyTimeout: busyTimeout, fullSync: fullSync, statementCacheCapacity: statementCacheCapacity)
        }

        /// The checkpoint thread's connection: writable (a checkpoint copies pages into the file)
        /// and never changing data.
        var checkpointOptions: SQLiteConnection.Options {
            .init(busyTimeout: .zero, writeAheadLog: false, statementCacheCapacity: 1)
        }

        /// A reader's options: read-only for a read-only pool, else open for writing but
        /// `query_only`, so a reader can never change the file and never takes the write lock.
        var readerOptions: SQLiteConnection.Options {
            .init(
                readOnly: readOnly, busyTimeout: busyTimeout, writeAheadLog: false, queryOnly: !readOnly,
                statementCacheCapacity: statementCacheCapacity, memoryMapBytes: readerMemoryMapBytes)
        }
    }
}
