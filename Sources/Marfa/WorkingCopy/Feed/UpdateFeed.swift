import Synchronization

/// Tells every held `updates()` sequence the copy's connection, each starting with the current one.
package final class UpdateFeed: Sendable {
    private struct State {
        var current: CopyUpdate
        var nextID = 0
        var streams: [Int: AsyncStream<CopyUpdate>.Continuation] = [:]
        var finished = false
    }

    private let state: Mutex<State>

    package init(initial: CopyUpdate) { state = Mutex(State(current: initial)) }

    package var current: CopyUpdate { state.withLock { $0.current } }

    package func stream() -> AsyncStream<CopyUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: CopyUpdate.self, bufferingPolicy: .bufferingNewest(256))
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.streams[id] = continuation
            continuation.yield(state.current)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every sequence `update`, unless it is the current one already.
    package func send(_ update: CopyUpdate) {
        let streams: [AsyncStream<CopyUpdate>.Continuation] = state.withLock { state in
            guard state.current != update else { return [] }
            state.current = update
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(update) }
    }

    package func finish() {
        let streams = state.withLock { state in
            state.finished = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
