import Foundation

/// Work handed to a connection's thread: run it with the connection, or fail it without running.
protocol SQLiteWork: AnyObject, Sendable {
    /// Runs the work with `connection`, on the connection's thread, and delivers its result.
    func run(on connection: SQLiteConnection)
    /// Delivers `error` without running the work (no connection could be opened, the pool closed).
    func fail(_ error: any Error)
}

/// One call's body and the delivery of its result, run at most once.
///
/// A job is created, then given its delivery (`install`), then queued; the thread that takes it
/// runs it unless it was cancelled or failed first. The body is dropped before the result is
/// delivered, so a caller that lent a non-escaping closure gets it back unreferenced.
final class SQLiteJob<T>: SQLiteWork, @unchecked Sendable {
    private enum Phase { case created, queued, running, finished }

    /// Guards every property below.
    private let lock = NSLock()
    private var phase = Phase.created
    private var body: ((SQLiteConnection) throws -> T)?
    private var delivery: ((Result<T, any Error>) -> Void)?

    init(_ body: @escaping (SQLiteConnection) throws -> T) { self.body = body }

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

    /// Runs the body; it is released when this returns, before the result is delivered.
    private func execute(on connection: SQLiteConnection) -> Result<T, any Error>? {
        guard let body = start() else { return nil }
        return Result { try body(connection) }
    }

    /// Marks the job running and moves its body out; nil when it was cancelled or failed.
    private func start() -> ((SQLiteConnection) throws -> T)? {
        lock.withLock {
            guard phase == .queued, let taken = body.take() else { return nil }
            phase = .running
            return taken
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
