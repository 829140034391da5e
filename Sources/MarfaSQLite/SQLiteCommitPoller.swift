import Foundation

/// A dedicated thread and read-only connection polling `PRAGMA data_version`, which changes when
/// any other connection (in this process or another) commits to the file: SQLite has no
/// notification across processes, so polling is the only way to hear of another writer.
final class SQLiteCommitPoller: @unchecked Sendable {
    let interval: Duration
    private let commits: AsyncStream<Void>.Continuation

    /// Guards every property below; the thread waits on it between polls.
    private let condition = NSCondition()
    private var stopping = false
    private var stopped = false
    private var pollRequested = false
    /// Callers of `pollNow()` waiting for the poll's outcome.
    private var pollWaiters: [CheckedContinuation<Bool, Never>] = []
    private var stopCallbacks: [@Sendable () -> Void] = []

    private init(interval: Duration, commits: AsyncStream<Void>.Continuation) {
        self.interval = interval
        self.commits = commits
    }

    /// Opens the watch's connection on a new thread, reads the version to compare against, and
    /// answers once it is polling; an error opening the file is thrown here.
    static func start(
        path: String, interval: Duration, options: SQLiteConnection.Options
    ) async throws
        -> (SQLiteCommitPoller, AsyncStream<Void>)
    {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let poller = SQLiteCommitPoller(interval: interval, commits: continuation)
        continuation.onTermination = { _ in poller.stop() }
        try await withCheckedThrowingContinuation { (started: CheckedContinuation<Void, any Error>) in
            let thread = Thread { poller.run(path: path, options: options, started: started) }
            thread.name = "MarfaSQLite commit watch"
            thread.stackSize = 1 << 20
            thread.start()
        }
        return (poller, stream)
    }

    /// Polls at once instead of at the end of the current interval; answers, once the poll is
    /// done, whether it found commits (false when the watch has ended).
    func pollNow() async -> Bool {
        await withCheckedContinuation { waiter in
            let ended: Bool = condition.withLock {
                guard !stopping else { return true }
                pollWaiters.append(waiter)
                pollRequested = true
                condition.signal()
                return false
            }
            if ended { waiter.resume(returning: false) }
        }
    }

    /// Ends the polling: the thread closes its connection and finishes the stream.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    /// Calls `callback` once the thread has ended (at once when it already has).
    func onStop(_ callback: @escaping @Sendable () -> Void) {
        let now: Bool = condition.withLock {
            if stopped { return true }
            stopCallbacks.append(callback)
            return false
        }
        if now { callback() }
    }

    /// The thread: open, read the first version, report started, then poll until stopped.
    private func run(path: String, options: SQLiteConnection.Options, started: CheckedContinuation<Void, any Error>) {
        let connection: SQLiteConnection
        var version: Int64
        do {
            connection = try SQLiteConnection(path: path, options: options)
            version = try Self.dataVersion(connection)
        } catch {
            end()
            return started.resume(throwing: error)
        }
        started.resume()
        while let waiters = waitForNextPoll() {
            // A failed poll (the file busy past the timeout) is tried again at the next one.
            var changed = false
            if let current = try? Self.dataVersion(connection), current != version {
                version = current
                changed = true
                commits.yield()
            }
            for waiter in waiters { waiter.resume(returning: changed) }
        }
        connection.close()
        end()
    }

    /// Waits for the interval to pass or a poll to be asked for; answers the callers waiting for
    /// this poll, or nil once stopping.
    private func waitForNextPoll() -> [CheckedContinuation<Bool, Never>]? {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: interval.timeInterval)
            while !stopping && !pollRequested {
                if !condition.wait(until: deadline) { break }
            }
            guard !stopping else { return nil }
            pollRequested = false
            defer { pollWaiters = [] }
            return pollWaiters
        }
    }

    /// Marks the thread ended, finishes the stream, answers waiting polls and calls the stop callbacks.
    private func end() {
        let (callbacks, waiters) = condition.withLock {
            stopping = true
            stopped = true
            defer {
                stopCallbacks = []
                pollWaiters = []
            }
            return (stopCallbacks, pollWaiters)
        }
        commits.finish()
        for waiter in waiters { waiter.resume(returning: false) }
        for callback in callbacks { callback() }
    }

    private static func dataVersion(_ connection: SQLiteConnection) throws -> Int64 {
        try connection.fetchValue(Int64.self, "PRAGMA data_version") ?? 0
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts time.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
