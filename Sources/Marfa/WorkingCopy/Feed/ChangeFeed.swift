import Synchronization

/// Tells every held `changes()` stream each change, and the copy how many streams are held (the
/// follow runs only while one is).
package final class ChangeFeed: Sendable {
    private struct State {
        var nextID = 0
        var streams: [Int: AsyncStream<Change>.Continuation] = [:]
        /// The unreachable error told, until the server is reached again.
        var unreachable: MarfaError?
        var finished = false
        var onCountChange: (@Sendable (Int) -> Void)?
    }

    private let state = Mutex(State())

    /// A feed with no stream yet.
    package init() {}

    /// Calls `observer` with the count of held streams whenever it changes.
    package func observeCount(_ observer: @escaping @Sendable (Int) -> Void) {
        state.withLock { $0.onCountChange = observer }
    }

    /// A new stream. One added while the server is unreachable hears that first.
    package func stream() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(4096))
        let (id, count, observer, finished): (Int, Int, (@Sendable (Int) -> Void)?, Bool) = state.withLock { state in
            guard !state.finished else { return (0, 0, nil, true) }
            let id = state.nextID
            state.nextID += 1
            state.streams[id] = continuation
            if let unreachable = state.unreachable {
                continuation.yield(Change(origin: .serverUnreachable(unreachable)))
            }
            return (id, state.streams.count, state.onCountChange, false)
        }
        if finished {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        observer?(count)
        return stream
    }

    private func remove(_ id: Int) {
        let (count, observer) = state.withLock { state -> (Int, (@Sendable (Int) -> Void)?) in
            state.streams[id] = nil
            return (state.streams.count, state.onCountChange)
        }
        observer?(count)
    }

    /// Tells every stream `change`. `serverUnreachable` is told once until `serverReachable`.
    package func send(_ change: Change) {
        let streams: [AsyncStream<Change>.Continuation] = state.withLock { state in
            switch change.origin {
            case .serverUnreachable(let error):
                guard state.unreachable == nil else { return [] }
                state.unreachable = error
            case .serverReachable:
                guard state.unreachable != nil else { return [] }
                state.unreachable = nil
            default: break
            }
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(change) }
    }

    /// Whether the server was last found unreachable.
    package var isUnreachable: Bool { state.withLock { $0.unreachable != nil } }

    /// Ends every stream; later streams end at once.
    package func finish() {
        let streams = state.withLock { state in
            state.finished = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
