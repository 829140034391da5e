/// Commits made to a database file through other connections, as an `AsyncSequence` of events.
///
/// SQLite tells no process of another's commits, so the watch polls `PRAGMA data_version` on its
/// own read-only connection and thread, every `interval`; one event stands for every commit since
/// the last poll. It is for read-only openers of a store that another process writes: on each event,
/// read again. Commits by any other connection count, this process's included.
///
/// The watch ends (its sequence finishes) when `stop()` is called, when the sequence and all its
/// iterators are dropped or their task is cancelled, or when the pool that made it closes.
public struct SQLiteCommitWatch: AsyncSequence, Sendable {
    /// One event: commits happened since the last poll.
    public typealias Element = Void
    /// Iterates the events; ends when the watch ends.
    public typealias AsyncIterator = AsyncStream<Void>.Iterator

    let poller: SQLiteCommitPoller
    private let events: AsyncStream<Void>

    /// Starts watching the file at `path`, which must exist; answers once the version to compare
    /// against is read, so any commit after this call returns is reported.
    public static func open(
        path: String, every interval: Duration = .milliseconds(250), busyTimeout: Duration = .seconds(5)
    ) async throws -> SQLiteCommitWatch {
        let options = SQLiteConnection.Options(
            readOnly: true, busyTimeout: busyTimeout, writeAheadLog: false, statementCacheCapacity: 1)
        let (poller, events) = try await SQLiteCommitPoller.start(path: path, interval: interval, options: options)
        return SQLiteCommitWatch(poller: poller, events: events)
    }

    private init(poller: SQLiteCommitPoller, events: AsyncStream<Void>) {
        self.poller = poller
        self.events = events
    }

    /// The events, one per poll that found new commits.
    public func makeAsyncIterator() -> AsyncStream<Void>.Iterator { events.makeAsyncIterator() }

    /// Polls now rather than at the end of the current interval (after a hint that something
    /// changed); answers, once done, whether commits were found since the last poll (an event is
    /// then also yielded to the sequence). False once the watch has ended.
    @discardableResult
    public func pollNow() async -> Bool { await poller.pollNow() }

    /// Ends the watch: its thread closes its connection and the sequence finishes.
    public func stop() { poller.stop() }

    /// The time between two polls.
    public var interval: Duration { poller.interval }
}
