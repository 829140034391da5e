import Synchronization

/// A one-way flag that tasks can wait for: raised once, never lowered. Shared with `MarfaHTTPServer`.
package final class OneShotSignal: Sendable {
    private struct State: ~Copyable {
        var raised = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }
    private let state = Mutex(State())

    package init() {}

    package var isRaised: Bool { state.withLock { $0.raised } }

    /// Raises the flag and wakes every waiter; false when it was already raised.
    @discardableResult
    package func raise() -> Bool {
        let waiters: [CheckedContinuation<Void, Never>]? = state.withLock { state in
            guard !state.raised else { return nil }
            state.raised = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume() }
        return true
    }

    /// Returns once the flag is raised, or at once when the waiting task is canceled.
    package func wait() async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.raised || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
