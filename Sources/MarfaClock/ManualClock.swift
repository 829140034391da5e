import Foundation
import Synchronization

/// A clock that moves only when told: `advance(by:)` moves `now` and wakes every sleeper whose
/// time has come, in deadline order. For tests of anything that waits or expires.
public final class ManualClock: MarfaClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A task in `waitForSleepers`, resumed once `count` tasks sleep.
    private struct SleeperWatch {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Sleeps begun since the clock was made, for tests that wait for a waiter to start.
        var sleepsBegun = 0
        var watches: [SleeperWatch] = []
        /// Watches canceled before they were registered.
        var canceledWatches: Set<UInt64> = []

        /// Removes and answers the watches the current number of sleepers satisfies.
        mutating func satisfiedWatches() -> [SleeperWatch] {
            let count = sleepers.count
            let satisfied = watches.filter { $0.count <= count }
            watches.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state: Mutex<State>

    /// A clock reading `start` (now by default) until it is advanced.
    public init(start: Date = Date()) {
        state = Mutex(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// How many tasks sleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// How many sleeps began since the clock was made, finished ones included.
    public var sleepsBegun: Int { state.withLock { $0.sleepsBegun } }

    /// When each task sleeping on this clock now wakes, earliest first: for a test that checks
    /// how long something waits.
    public var sleeperDeadlines: [Date] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    public func sleep(for duration: Duration) async throws {
        try await sleep(untilDeadline: { $0.addingTimeInterval(duration.inSeconds) })
    }

    /// Suspends until `now` reaches `deadline` exactly (no rounding); returns at once when it has.
    public func sleep(until deadline: Date) async throws {
        guard deadline > now else { return }
        try await sleep(untilDeadline: { _ in deadline })
    }

    /// Sleeps until the deadline `deadlineFrom` makes of `now` at the start of the sleep; wakes at
    /// once when that deadline is not after `now`.
    private func sleep(untilDeadline deadlineFrom: @escaping @Sendable (Date) -> Date) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (wakeNow, watches) = state.withLock { state -> (Bool, [SleeperWatch]) in
                    state.sleepsBegun += 1
                    let deadline = deadlineFrom(state.now)
                    guard deadline > state.now else { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, state.satisfiedWatches())
                }
                for watch in watches { watch.continuation.resume() }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward by `duration` and wakes the sleepers whose deadline it reaches.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(duration.inSeconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits, without polling, until at least `count` tasks sleep on this clock; returns at once
    /// when they already do, and when the waiting task is canceled.
    public func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.canceledWatches.remove(id) != nil || state.sleepers.count >= count { return true }
                    state.watches.append(SleeperWatch(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watch = state.withLock { state -> SleeperWatch? in
                guard let index = state.watches.firstIndex(where: { $0.id == id }) else {
                    state.canceledWatches.insert(id)
                    return nil
                }
                return state.watches.remove(at: index)
            }
            watch?.continuation.resume()
        }
    }
}
