import Foundation
import MarfaClock

/// A folder kept in step while it is watched: a pass after each change on disk (debounced) and
/// each change the copy's follow hears from the instance, a full rescan after the watcher lost
/// events. Iterate it for `FolderEvent`s; it throws `firstSyncWaiting` until the first sync is
/// confirmed, and a `MarfaError` when the watch can't go on. The watch holds the folder's lock,
/// so other processes' calls on it throw `readingHandle` until `stop()`.
public final class FolderWatch: AsyncSequence, Sendable {
    /// What the watch tells.
    public typealias Element = FolderEvent

    private let events: AsyncThrowingStream<FolderEvent, any Error>
    private let task: Task<Void, Never>

    init(directory: URL, server: Server?, debounce: Duration, clock: any MarfaClock) {
        let (events, continuation) = AsyncThrowingStream<FolderEvent, any Error>.makeStream()
        self.events = events
        let loop = FolderWatchLoop(
            directory: directory, server: server, debounce: debounce, clock: clock, continuation: continuation)
        task = Task { await loop.run() }
        continuation.onTermination = { [task] _ in task.cancel() }
    }

    /// The events, from the first pass on.
    public func makeAsyncIterator() -> AsyncThrowingStream<FolderEvent, any Error>.Iterator {
        events.makeAsyncIterator()
    }

    /// Ends the watch once the pass under way is done, and lets go of the folder.
    public func stop() async {
        task.cancel()
        await task.value
    }
}

extension Folders {
    /// Watches `directory` (see `FolderWatch`).
    public func watch(_ directory: URL) -> FolderWatch {
        watch(directory, debounce: .milliseconds(250), clock: SystemClock())
    }

    /// Watches `directory`, a pass starting once changes were quiet for `debounce` on `clock`.
    package func watch(_ directory: URL, debounce: Duration, clock: any MarfaClock) -> FolderWatch {
        FolderWatch(directory: directory, server: server, debounce: debounce, clock: clock)
    }
}
