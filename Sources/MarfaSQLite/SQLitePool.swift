import Foundation
import Synchronization

/// One database file in WAL mode shared by many tasks: one writer connection and a small pool of
/// reader connections, each on its own dedicated thread.
///
/// `read` and `write` are `async`: the body runs on a connection's thread, never on the Swift
/// cooperative pool, while the caller suspends. Readers never wait for the writer (WAL lets them
/// read the last commit while a write is open, and the pool's own queues are separate), writes
/// run one at a time, each in one transaction. A call whose task is cancelled before its body
/// starts throws `CancellationError` without running it; a body that started runs to its end.
public final class SQLitePool: Sendable {
    /// The database file's path.
    public let path: String
    /// How the pool opened its connections.
    public let configuration: Configuration
    /// The writer's thread, or nil for a read-only pool.
    private let writer: SQLiteConnectionThreads?
    /// Runs the writer's WAL checkpoints on a thread of their own; nil for a read-only pool.
    let checkpointer: SQLiteCheckpointer?
    /// The readers' threads.
    private let readers: SQLiteConnectionThreads
    /// Set by `close()`.
    private let closed = Atomic<Bool>(false)
    /// Commit watches running, stopped when the pool closes.
    private let watches = Mutex<[ObjectIdentifier: SQLiteCommitPoller]>([:])

    /// Opens the pool on the file at `path`, creating it unless read-only. The writer (or, for a
    /// read-only pool, the first reader) is opened here, on the calling thread, so a bad path
    /// throws at once; prefer `open(path:configuration:)` from async code.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else {
            throw SQLiteError.misuse(
                "A pool needs a database file; \"\(path)\" would give each connection its own database.")
        }
        self.path = path
        self.configuration = configuration
        let readerOptions = configuration.readerOptions
        let open: @Sendable () throws -> SQLiteConnection = { try SQLiteConnection(path: path, options: readerOptions) }
        if configuration.readOnly {
            writer = nil
            checkpointer = nil
            readers = SQLiteConnectionThreads(
                name: "MarfaSQLite reader", maximumThreads: configuration.readerCount,
                adopting: try open(), open: open)
        } else {
            let connection = try SQLiteConnection(path: path, options: configuration.writerOptions)
            let checkpointer = SQLiteCheckpointer(
                path: path, options: configuration.checkpointOptions, quietPeriod: configuration.checkpointQuietPeriod)
            checkpointer.install(on: connection.handle)
            self.checkpointer = checkpointer
            writer = SQLiteConnectionThreads(name: "MarfaSQLite writer", maximumThreads: 1, adopting: connection) {
                throw SQLiteError.closed(path)
            }
            readers = SQLiteConnectionThreads(
                name: "MarfaSQLite reader", maximumThreads: configuration.readerCount, open: open)
        }
    }

    /// Opens the pool (see `init(path:configuration:)`) on a dedicated thread, so the file's
    /// opening and recovery never block the caller's thread.
    public static func open(path: String, configuration: Configuration = Configuration()) async throws -> SQLitePool {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try SQLitePool(path: path, configuration: configuration) })
            }
            thread.name = "MarfaSQLite open"
            thread.start()
        }
    }

    deinit {
        checkpointer?.stop()
        writer?.shutdown()
        readers.shutdown()
        for poller in watches.withLock({ $0.values }) { poller.stop() }
    }

    /// Whether `close()` was called.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    // MARK: Reading and writing

    /// Runs `body` on a reader's thread in one deferred transaction, so everything it reads comes
    /// from one commit; the caller suspends meanwhile. Never waits for a write under way. A body
    /// that tries to change the database fails (readers are `query_only`).
    public func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withoutActuallyEscaping(body) { body in
            try await perform(on: readers) { db in try db.transaction(.deferred, body) }
        }
    }

    /// `read`, run even when the calling task is cancelled before the body starts: for work that
    /// must not be cut short by its caller (a request whose client left), without a task of its own.
    public func readToEnd<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await perform(on: readers, cancellable: false) { db in try db.transaction(.deferred, body) }
    }

    /// `write`, run even when the calling task is cancelled before the body starts (see `readToEnd`).
    @discardableResult
    public func writeToEnd<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws -> T {
        try await perform(on: try writerThreads(), cancellable: false) { db in try db.transaction(.immediate, body) }
    }

    /// `writeToEnd`, letting the write share one transaction with the others of its kind queued
    /// at the same time, so a burst of small writes pays for one commit (`SQLiteWriteGroup`).
    /// The body still runs alone in a savepoint: when it throws, only its own changes are rolled
    /// back. Its result is delivered after the shared commit. If the shared transaction is lost
    /// (another body's error ended it, or the commit failed), the body runs again in a
    /// transaction of its own: it must do nothing outside the database that cannot be repeated.
    @discardableResult
    public func writeGrouped<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws -> T {
        try await perform(on: try writerThreads(), cancellable: false, sharingTransactions: true) { db in
            try db.transaction(.immediate, body)
        }
    }

    /// Runs `body` on the writer's thread in one immediate transaction: committed when it returns,
    /// rolled back when it throws (and the error rethrown). Writes run one at a time, in call order.
    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withoutActuallyEscaping(body) { body in
            try await perform(on: try writerThreads()) { db in try db.transaction(.immediate, body) }
        }
    }

    /// Runs `body` on the writer's thread outside any transaction: for PRAGMAs, VACUUM, or work
    /// that manages its own transactions. A transaction `body` leaves open is rolled back and the
    /// call throws.
    @discardableResult
    public func writeWithoutTransaction<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) async throws -> T
    {
        try await withoutActuallyEscaping(body) { body in
            try await perform(on: try writerThreads()) { db in try Self.outsideTransaction(db, body) }
        }
    }

    /// `read`, blocking the calling thread until it is done: only for callers that cannot `await`.
    /// Never call it from async code (it would hold a cooperative thread) nor from inside another
    /// call on this pool (one from inside a read is refused with `SQLITE_MISUSE`).
    public func readSync<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            try performBlocking(on: readers) { db in try db.transaction(.deferred, body) }
        }
    }

    /// `write`, blocking the calling thread until it is done: only for callers that cannot `await`.
    /// Never call it from async code (it would hold a cooperative thread) nor from inside another
    /// call on this pool (one from inside a write is refused with `SQLITE_MISUSE`).
    @discardableResult
    public func writeSync<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            try performBlocking(on: try writerThreads()) { db in try db.transaction(.immediate, body) }
        }
    }

    /// Brings the schema up to the last of `migrations` on the writer's thread (see
    /// `SQLiteConnection.migrate`); answers the version the file had before. A file from a newer
    /// build throws `SQLiteSchemaTooNew`.
    @discardableResult
    public func migrate(_ migrations: [SQLiteMigration]) async throws -> Int {
        try await writeWithoutTransaction { db in try db.migrate(migrations) }
    }

    // MARK: Closing

    /// Refuses new calls (they throw `SQLiteError.closed`), waits for the calls already accepted,
    /// closes every connection and stops the commit watches. Calling it again does nothing more.
    public func close() async {
        closed.store(true, ordering: .releasing)
        for poller in watches.withLock({ $0.values }) {
            poller.stop()
            await withCheckedContinuation { continuation in poller.onStop { continuation.resume() } }
        }
        if let writer {
            await withCheckedContinuation { continuation in writer.shutdown { continuation.resume() } }
        }
        if let checkpointer {
            await withCheckedContinuation { continuation in
                Thread {
                    checkpointer.stop()
                    continuation.resume()
                }.start()
            }
        }
        await withCheckedContinuation { continuation in readers.shutdown { continuation.resume() } }
    }

    // MARK: Commit watches

    /// Watches the file for commits made through other connections (another process, or this
    /// pool's own writer): polls `PRAGMA data_version` every `interval` on a dedicated thread and
    /// connection. Several commits between two polls yield once. The watch ends when it is stopped,
    /// when its stream and every iterator are dropped, or when the pool closes.
    public func watchCommits(every interval: Duration = .milliseconds(250)) async throws -> SQLiteCommitWatch {
        guard !isClosed else { throw SQLiteError.closed(path) }
        let watch = try await SQLiteCommitWatch.open(
            path: path, every: interval, busyTimeout: configuration.busyTimeout)
        let id = ObjectIdentifier(watch.poller)
        watches.withLock { $0[id] = watch.poller }
        watch.poller.onStop { [weak self] in self?.watches.withLock { _ = $0.removeValue(forKey: id) } }
        if isClosed { watch.stop() }
        return watch
    }

    // MARK: Running work on the threads

    /// How many writes wait in the writer's queue (for tests).
    var queuedWrites: Int { writer?.queuedCount ?? 0 }

    /// The writer's threads, or the read-only refusal.
    private func writerThreads() throws -> SQLiteConnectionThreads {
        guard let writer else { throw SQLiteError.readOnlyPool(path) }
        return writer
    }

    /// Queues `body` on `threads` and suspends until it ran, failed, or (when `cancellable`) was
    /// cancelled unstarted; `sharingTransactions` lets it join a `SQLiteWriteGroup`.
    private func perform<T: Sendable>(
        on threads: SQLiteConnectionThreads, cancellable: Bool = true, sharingTransactions: Bool = false,
        _ body: @escaping @Sendable (SQLiteConnection) throws -> T
    ) async throws -> T {
        let job = SQLiteJob(body, sharesTransactions: sharingTransactions)
        guard cancellable else { return try await submit(job, on: threads) }
        return try await withTaskCancellationHandler {
            try await submit(job, on: threads)
        } onCancel: {
            job.cancel()
        }
    }

    /// Queues `job` on `threads` and suspends until it delivers its result.
    private func submit<T: Sendable>(_ job: SQLiteJob<T>, on threads: SQLiteConnectionThreads) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            guard job.install({ continuation.resume(with: $0) }) else {
                return continuation.resume(throwing: CancellationError())
            }
            if !threads.submit(job) { job.fail(SQLiteError.closed(path)) }
        }
    }

    /// Queues `body` on `threads` and blocks the calling thread until it ran.
    private func performBlocking<T>(
        on threads: SQLiteConnectionThreads, _ body: @escaping (SQLiteConnection) throws -> T
    ) throws -> T {
        guard !threads.isCurrentThreadMember else {
            throw SQLiteError.misuse(
                "A blocking call from inside a call on the same connections would wait for itself.")
        }
        let job = SQLiteJob(body)
        let result = SQLiteBlockingResult<T>()
        _ = job.install(result.deliver)
        if !threads.submit(job) { job.fail(SQLiteError.closed(path)) }
        return try result.wait()
    }

    /// Runs `body` outside a transaction; one it leaves open is rolled back and reported.
    private static func outsideTransaction<T>(
        _ db: SQLiteConnection, _ body: (SQLiteConnection) throws -> T
    ) throws -> T {
        let result = Result { try body(db) }
        if db.isInTransaction {
            try? db.execute("ROLLBACK")
            if case .failure(let error) = result { throw error }
            throw SQLiteError.misuse("The body left a transaction open; it was rolled back.")
        }
        return try result.get()
    }
}
