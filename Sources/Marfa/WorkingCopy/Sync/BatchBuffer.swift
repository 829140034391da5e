import Synchronization

/// A bounded hand-over from a task that reads to one that applies. The reader adds one element at
/// a time and waits while the buffer is full; the applier takes all that is there at once, so the
/// longer one batch takes to apply, the larger the next (group commit), and an applier never waits
/// while elements are in hand.
final class BatchBuffer<Element: Sendable>: Sendable {
    private struct State {
        var elements: [Element] = []
        var ended = false
        var failure: MarfaError?
        var closed = false
        var waitingTaker: CheckedContinuation<Void, Never>?
        var waitingAdder: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    /// The most elements held; an adder waits beyond it.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `element`, first waiting while the buffer is full; false (nothing added) once the
    /// taker has closed it.
    func add(_ element: Element) async -> Bool {
        while true {
            let step: (added: Bool, taker: CheckedContinuation<Void, Never>?)? = state.withLock { state in
                if state.closed { return (false, nil) }
                guard state.elements.count < capacity else { return nil }
                state.elements.append(element)
                defer { state.waitingTaker = nil }
                return (true, state.waitingTaker)
            }
            guard let step else {
                await waitUntil {
                    $0.closed || $0.elements.count < self.capacity
                } park: {
                    $0.waitingAdder = $1
                }
                continue
            }
            step.taker?.resume()
            return step.added
        }
    }

    /// Everything held, up to `limit` elements, first waiting for one to arrive; nil once the
    /// reader has finished and all is taken. Throws the reader's failure after the elements
    /// added before it.
    func take(limit: Int) async throws(MarfaError) -> [Element]? {
        while true {
            let step: (taken: Result<[Element]?, MarfaError>, adder: CheckedContinuation<Void, Never>?)? =
                state.withLock { state in
                    let taken: Result<[Element]?, MarfaError>
                    if !state.elements.isEmpty {
                        let count = min(limit, state.elements.count)
                        taken = .success(Array(state.elements.prefix(count)))
                        state.elements.removeFirst(count)
                    } else if state.ended {
                        taken = state.failure.map { .failure($0) } ?? .success(nil)
                    } else {
                        return nil
                    }
                    defer { state.waitingAdder = nil }
                    return (taken, state.waitingAdder)
                }
            guard let step else {
                await waitUntil {
                    !$0.elements.isEmpty || $0.ended
                } park: {
                    $0.waitingTaker = $1
                }
                continue
            }
            step.adder?.resume()
            return try step.taken.get()
        }
    }

    /// The reader is done: with `failure`, the taker throws it once the elements are taken.
    func finish(_ failure: MarfaError?) {
        state.withLock {
            $0.ended = true
            $0.failure = failure
        }
        wakeTaker()
    }

    /// The taker is done: adding returns false from now on.
    func close() {
        state.withLock { $0.closed = true }
        wakeAdder()
    }

    private func waitUntil(
        _ ready: (State) -> Bool, park: (inout State, CheckedContinuation<Void, Never>) -> Void
    ) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if ready(state) { return true }
                park(&state, continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func wakeTaker() {
        state.withLock { state in
            defer { state.waitingTaker = nil }
            return state.waitingTaker
        }?.resume()
    }

    private func wakeAdder() {
        state.withLock { state in
            defer { state.waitingAdder = nil }
            return state.waitingAdder
        }?.resume()
    }
}
