import Synchronization

/// One result that any number of tasks wait for: the first `finish` sets it, later ones are
/// ignored. A waiter stops waiting (throwing `CancellationError`) when its task is canceled, and the
/// work behind the result goes on.
final class SharedOutcome<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
        var canceled: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Whether a result was set.
    var isFinished: Bool { state.withLock { $0.result != nil } }

    /// Sets the result and wakes every waiter; does nothing when the result was already set.
    func finish(_ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The result, once set. Throws `CancellationError` when the waiting task is canceled first.
    func value() async throws -> Value {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let now = state.withLock { state -> Result<Value, any Error>? in
                    if let result = state.result { return result }
                    if state.canceled.remove(id) != nil { return .failure(CancellationError()) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                if state.result == nil { state.canceled.insert(id) }
                return nil
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The result, waiting at most until `deadline` (no limit when nil); throws `expired` when the
    /// deadline passes first, and `CancellationError` when the waiting task is canceled.
    func value(until deadline: ContinuousClock.Instant?, expired: any Error) async throws -> Value {
        guard let deadline else { return try await value() }
        return try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await self.value() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw expired
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
