import Foundation
import MarfaClock
import Synchronization

/// The watch's work: one session held throughout, a pass on each signal from the disk's watcher
/// or the copy's follow, waits on the injected clock.
struct FolderWatchLoop: Sendable {
    let directory: URL
    let server: Server?
    let debounce: Duration
    let clock: any MarfaClock
    let continuation: AsyncThrowingStream<FolderEvent, any Error>.Continuation

    func run() async {
        do {
            try await FolderSession.with(directory, server: server) { session in try await watch(session) }
            continuation.finish()
        } catch is CancellationError {
            continuation.finish()
        } catch {
            continuation.finish(throwing: MarfaError(error))
        }
    }

    private func watch(_ session: FolderSession) async throws {
        let signals = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var watcher: (any DirectoryWatcher)?
        do {
            watcher = try DirectoryWatchers.make(directory)
        } catch {
            continuation.yield(.watcherFailed)
        }
        defer { watcher?.stop() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let watcher { group.addTask { await forward(watcher.changes, to: signals.continuation) } }
            let changes = session.copy.changes()
            group.addTask {
                for await change in changes {
                    if case .server = change.origin { signals.continuation.yield() }
                }
            }
            group.addTask { try await passes(session, signals: signals.stream) }
            try await group.next()
            group.cancelAll()
        }
    }

    private func forward(_ changes: AsyncStream<DirectoryChange>, to signals: AsyncStream<Void>.Continuation) async {
        for await change in changes {
            if case .failed = change { continuation.yield(.watcherFailed) } else { signals.yield() }
        }
    }

    /// The first pass, then one per signal once signals were quiet for `debounce`.
    private func passes(_ session: FolderSession, signals: AsyncStream<Void>) async throws {
        var reachable = true
        try await pass(session, reachable: &reachable, first: true)
        continuation.yield(.watching(directory))
        var iterator = signals.makeAsyncIterator()
        while await iterator.next() != nil {
            if debounce > .zero { try await clock.sleep(for: debounce) }
            try Task.checkCancellation()
            try await pass(session, reachable: &reachable, first: false)
        }
    }

    private func pass(_ session: FolderSession, reachable: inout Bool, first: Bool) async throws {
        var wait = Duration.seconds(1)
        while true {
            do {
                switch try await FolderPassRun(session: session).run() {
                case .awaitingConfirmation:
                    throw MarfaError.firstSyncWaiting(
                        message: "The folder's first sync waits for confirmation; confirm it, then watch again.")
                case .synced(let sync):
                    tell(sync.pass, reachable: &reachable)
                    return
                }
            } catch let error as MarfaError where error.isTransient && !first {
                continuation.yield(.retrying(error, after: wait))
                try await clock.sleep(for: wait)
                wait = min(wait * 2, .seconds(60))
            }
        }
    }

    private func tell(_ pass: FolderPass, reachable: inout Bool) {
        let offline = pass.drain.unavailable != nil
        if offline != !reachable {
            continuation.yield(offline ? .unreachable(reason: pass.drain.unavailable ?? "") : .reachable)
            reachable = !offline
        }
        if pass.flagged.contains(where: { $0.flag == .removalPaused }) {
            continuation.yield(.waiting(reason: "A removal past the folder's threshold waits for confirmation."))
        }
        continuation.yield(.passed(pass))
    }
}
