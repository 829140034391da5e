import Foundation
import MarfaClock
import Synchronization

/// Wakes the followers of the event log: a writer calls `wake()` after its transaction commits,
/// and each follower waits on its own `AsyncStream` (holding at most one pending signal), so a
/// slow follower never holds a writer back. `stop()` tells every follower to end its stream.
final class EventHub: Sendable {
    /// Why a follower woke.
    enum Signal: Sendable { case changed, ping, stopping }

    private struct State {
        var nextID = 0
        /// How many times `wake()` was called.
        var wakeCount: UInt64 = 0
        var followers: [Int: AsyncStream<Signal>.Continuation] = [:]
        var stopping = false
    }

    private let state = Mutex(State())
    /// Woken whenever a follower leaves, for `stop()`.
    private let departures = ChangeWaiters<Int>()

    /// Whether `stop()` has begun.
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// A new follower's id and the signals it waits on.
    func subscribe() -> (id: Int, signals: AsyncStream<Signal>) {
        let (stream, continuation) = AsyncStream<Signal>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextID += 1
            state.followers[state.nextID] = continuation
            if state.stopping { continuation.yield(.stopping) }
            return state.nextID
        }
        return (id, stream)
    }

    /// Forgets follower `id` and ends its signals.
    func unsubscribe(_ id: Int) {
        state.withLock { $0.followers.removeValue(forKey: id) }?.finish()
        departures.wake(0)
    }

    /// How many times `wake()` was called: a read started after this count was seen reads every
    /// commit those wakes announced (`SharedEventReads`).
    var wakeCount: UInt64 { state.withLock { $0.wakeCount } }

    /// Wakes every follower to read the log; call it after the commit.
    func wake() {
        let followers = state.withLock { state in
            state.wakeCount &+= 1
            return Array(state.followers.values)
        }
        for follower in followers { follower.yield(.changed) }
    }

    /// Sends follower `id` a heartbeat.
    func ping(_ id: Int) {
        _ = state.withLock { $0.followers[id] }?.yield(.ping)
    }

    /// How many followers are subscribed.
    var followerCount: Int { state.withLock { $0.followers.count } }

    /// Tells every follower to end its stream, and returns when all have (or after `limit` of
    /// real time, for a reader that stopped reading).
    func stop(waitingAtMost limit: Duration = .seconds(2)) async {
        let followers = state.withLock { state in
            state.stopping = true
            return Array(state.followers.values)
        }
        for follower in followers { follower.yield(.stopping) }
        _ = await departures.wait(for: 0, atMost: limit, on: SystemClock()) { followerCount == 0 }
    }
}
