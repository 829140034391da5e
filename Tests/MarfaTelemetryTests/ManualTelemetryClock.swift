import Synchronization
import Testing

@testable import MarfaTelemetry

/// A telemetry clock that moves only when a test calls `advance(by:)`, waking the sleepers whose
/// deadline it reaches.
final class ManualTelemetryClock: TelemetryClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    var now: Duration { state.withLock { $0.now } }

    /// The deadlines tasks sleep until now.
    var sleeperDeadlines: [Duration] { state.withLock { $0.sleepers.map(\.deadline) } }

    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> Bool in
                    guard deadline > state.now else { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward and wakes every sleeper whose deadline it reaches.
    func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Returns once a task sleeps until `deadline`.
    func waitForSleeper(until deadline: Duration) async throws {
        try await eventually("a sleeper until \(deadline)") { self.sleeperDeadlines.contains(deadline) }
    }
}

/// Waits until `condition` holds, checking between yields; fails the test (and throws) if it still
/// doesn't after a generous real-time guard, so a broken build ends instead of hanging.
func eventually(
    _ what: String, guard limit: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @Sendable () -> Bool
) async throws {
    let end = ContinuousClock.now + limit
    var rounds = 0
    while !condition() {
        guard ContinuousClock.now < end else {
            Issue.record("Still waiting for \(what)", sourceLocation: sourceLocation)
            throw WaitedTooLong(what: what)
        }
        rounds += 1
        if rounds < 100 { await Task.yield() } else { try await Task.sleep(for: .milliseconds(1)) }
    }
}

struct WaitedTooLong: Error, CustomStringConvertible {
    var what: String
    var description: String { "still waiting for \(what)" }
}
