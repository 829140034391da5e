import Synchronization

/// Admits a copy's calls: refuses them once the copy is closed (`closed`) or while its key changes
/// (`keyChanging`), and lets `close` and `useKey` wait until the calls already running are done.
final class CallGate: Sendable {
    private struct State {
        var closed = false
        var keyChanging = false
        var active = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Admits one call, or throws why it can't run.
    func enter() throws(MarfaError) {
        try state.withLock { state throws(MarfaError) in
            if state.closed { throw .closed }
            if state.keyChanging { throw WorkingCopy.keyChangingError }
            state.active += 1
        }
    }

    /// Ends one admitted call.
    func leave() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.active -= 1
            guard state.active == 0 else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Refuses new calls and waits for the running ones; false when the gate was closed already.
    func close() async -> Bool {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        await waitForIdle()
        return first
    }

    /// Refuses new calls with `keyChanging` and waits for the running ones.
    func beginKeyChange() async throws(MarfaError) {
        try state.withLock { state throws(MarfaError) in
            if state.closed { throw .closed }
            if state.keyChanging { throw WorkingCopy.keyChangingError }
            state.keyChanging = true
        }
        await waitForIdle()
    }

    func endKeyChange() { state.withLock { $0.keyChanging = false } }

    private func waitForIdle() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state in
                if state.active == 0 { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
