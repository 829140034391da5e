import Foundation

/// Work handed to a connection's thread: run it with the connection, or fail it without running.
protocol SQLiteWork: AnyObject, Sendable {
    /// Whether the work may run in one transaction with the work queued beside it (`SQLiteWriteGroup`).
    var sharesTransactions: Bool { get }
    /// Runs the work with `connection`, on the connection's thread, and delivers its result.
    func run(on connection: SQLiteConnection)
    /// Runs the work inside the transaction the caller holds open and keeps its result for
    /// `deliverHeld`; the work can still `run` again alone if that transaction is lost.
    func runHeld(on connection: SQLiteConnection) -> SQLiteHeldOutcome
    /// Delivers the result `runHeld` kept.
    func deliverHeld()
    /// Delivers `error` without running the work (no connection could be opened, the pool closed).
    func fail(_ error: any Error)
}

/// What `runHeld` did.
enum SQLiteHeldOutcome {
    /// The body returned; its changes wait for the caller's commit.
    case succeeded
    /// The body threw; its own changes are rolled back.
    case failed
    /// The work had ended before it started (cancelled or failed): nothing ran, nothing to deliver.
    case skipped
}

/// One call's body and the delivery of its result, delivered at most once.
///
/// A job is created, then given its delivery (`install`), then queued; the thread that takes it
/// runs it unless it was cancelled or failed first. The body is dropped before the result is
/// delivered, so a caller that lent a non-escaping closure gets it back unreferenced. A job that
/// shares a transaction runs held (`runHeld`) and is delivered after the shared commit.
final class SQLiteJob<T>: SQLiteWork, @unchecked Sendable {
    private enum Phase { case created, queued, running, finished }

    let sharesTransactions: Bool
    /// Guards every property below.
    private let lock = NSLock()
    private var phase = Phase.created
    private var body: ((SQLiteConnection) throws -> T)?
    private var delivery: ((Result<T, any Error>) -> Void)?
    /// The result of `runHeld`, until `deliverHeld`.
    private var held: Result<T, any Error>?

    /// A job running `body`; `sharesTransactions` lets the writer run it in one transaction with
    /// other such jobs (the body must then open its own nested transaction, as the pool's do).
    init(_ body: @escaping (SQLiteConnection) throws -> T, sharesTransactions: Bool = false) {
        self.body = body
        self.sharesTransactions = sharesTransactions
    }

    /// Sets how the result is delivered. False when the job was cancelled before: it will not run,
    /// and the caller answers `CancellationError` itself.
    func install(_ deliver: @escaping (Result<T, any Error>) -> Void) -> Bool {
        lock.withLock {
            guard phase == .created else { return false }
            phase = .queued
            delivery = deliver
            return true
        }
    }

    /// Ends a job that has not started with `CancellationError`; a running job runs to its end.
    func cancel() {
        let deliver: ((Result<T, any Error>) -> Void)? = lock.withLock {
            switch phase {
            case .created:
                phase = .finished
                body = nil
                return nil
            case .queued:
                return finish()
            case .running, .finished:
                return nil
            }
        }
        deliver?(.failure(CancellationError()))
    }

    func fail(_ error: any Error) {
        let deliver = lock.withLock { phase == .queued ? finish() : nil }
        deliver?(.failure(error))
    }

    func run(on connection: SQLiteConnection) {
        guard let result = execute(on: connection) else { return }
        let deliver = lock.withLock { finish() }
        deliver?(result)
    }

    func runHeld(on connection: SQLiteConnection) -> SQLiteHeldOutcome {
        guard let result = execute(on: connection) else { return .skipped }
        lock.withLock { held = result }
        if case .failure = result { return .failed }
        return .succeeded
    }

    func deliverHeld() {
        let (deliver, result) = lock.withLock { (finish(), held.take()) }
        if let result { deliver?(result) }
    }

    /// Runs the body; this copy of it is released when this returns, before any delivery.
    private func execute(on connection: SQLiteConnection) -> Result<T, any Error>? {
        guard let body = start() else { return nil }
        return Result { try body(connection) }
    }

    /// Marks the job running and answers its body; nil when it was cancelled or failed. The job
    /// keeps the body until it finishes, so a held run can be run again alone.
    private func start() -> ((SQLiteConnection) throws -> T)? {
        lock.withLock {
            guard phase == .queued || phase == .running, let body else { return nil }
            phase = .running
            return body
        }
    }

    /// Marks the job finished and moves its delivery out (called under `lock`).
    private func finish() -> ((Result<T, any Error>) -> Void)? {
        phase = .finished
        body = nil
        return delivery.take()
    }
}

/// A result handed from a connection's thread to a caller blocked waiting for it.
final class SQLiteBlockingResult<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<T, any Error>?

    /// Stores the result and wakes the waiting caller.
    func deliver(_ result: Result<T, any Error>) {
        self.result = result
        done.signal()
    }

    /// Blocks until the result is delivered, then answers or throws it.
    func wait() throws -> T {
        done.wait()
        return try result!.get()
    }
}
