import Synchronization

/// The bytes of a response body between the transport (libcurl's write callback, URLSession's
/// data callback) and the body's reader.
///
/// With `admit` and `publish`, at most `bound` bytes wait here or with the producer (or one
/// chunk, if a single chunk is larger): bytes that would pass the bound are refused and the
/// transfer pauses (libcurl hands them over again later). With `push`, a chunk is always taken and
/// the producer learns that it passed the bound, so it can suspend its transfer. Either way the
/// reader asks for the transfer to go on once the waiting bytes have dropped to half the bound.
///
/// The producer only queues; a waiting reader is woken by `wakeReader()`, which libcurl's event
/// loop calls once per pass over its transfers, so a burst of chunks costs one wake-up (and, while
/// a body keeps streaming in, lets a few passes' bytes gather first).
final class ResponseBodyBuffer: Sendable {
    /// What the write callback should do with bytes.
    enum Admission {
        /// Gather them for the reader.
        case take
        /// Refuse them: pause the transfer, libcurl hands them over again later.
        case pause
        /// Throw them away: the body ended or its reader left.
        case drop
    }

    private typealias Waiter = CheckedContinuation<ArraySlice<UInt8>?, any Error>

    private struct State: ~Copyable {
        var chunks: [[UInt8]] = []
        var head = 0
        var buffered = 0
        var paused = false
        var end: Result<Void, any Error>?
        var waiter: Waiter?
        var readerCanceled = false
        var highWater = 0
        var pauses = 0
        /// Arrays the reader took, oldest first, for the producer to refill (at most `keptArrays`).
        var handedOut: [[UInt8]] = []
    }

    let bound: Int
    /// How many arrays the reader took are kept for `reusableArray`.
    private let keptArrays: Int
    private let state = Mutex(State())

    /// A buffer of at most `bound` bytes (at least 16 KiB) that keeps `keptArrays` arrays its
    /// reader took for the producer to reuse.
    init(bound: Int, keptArrays: Int = 0) {
        self.bound = Self.bound(for: bound)
        self.keptArrays = keptArrays
    }

    /// The bound of a buffer asked for `requested` bytes: at least 16 KiB.
    static func bound(for requested: Int) -> Int { max(requested, 16 << 10) }

    // MARK: Producer side, on the transport's thread

    /// Whether `count` more bytes may wait beside the `gathered` ones the producer holds.
    func admit(_ count: Int, gathered: Int) -> Admission {
        state.withLock { state in
            if state.end != nil || state.readerCanceled { return .drop }
            let waiting = state.buffered + gathered
            if waiting > 0 && waiting + count > bound {
                state.paused = true
                state.pauses += 1
                return .pause
            }
            state.highWater = max(state.highWater, waiting + count)
            return .take
        }
    }

    /// Queues a chunk of admitted bytes for the reader; true when a reader waits.
    @discardableResult
    func publish(_ chunk: [UInt8]) -> Bool {
        state.withLock { state in
            if state.end != nil || state.readerCanceled { return false }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            return state.waiter != nil
        }
    }

    /// The oldest array the reader took, for the producer to fill again once the reader let it go.
    func reusableArray() -> [UInt8]? {
        state.withLock { $0.handedOut.isEmpty ? nil : $0.handedOut.removeFirst() }
    }

    /// Takes `bytes` whatever the bound; `overBound` tells that the waiting bytes now pass it, so the
    /// transfer should pause until the reader catches up (the pause is counted once).
    func push(_ bytes: UnsafeRawBufferPointer) -> (readerWaiting: Bool, overBound: Bool) {
        state.withLock { state in
            if state.end != nil || state.readerCanceled { return (false, false) }
            state.chunks.append([UInt8](bytes))
            state.buffered += bytes.count
            state.highWater = max(state.highWater, state.buffered)
            if state.buffered > bound && !state.paused {
                state.paused = true
                state.pauses += 1
            }
            return (state.waiter != nil, state.paused)
        }
    }

    /// Hands the next chunk to a waiting reader, if one waits and a chunk is there. True when the
    /// transfer, paused for the reader, should now go on.
    func wakeReader() -> Bool { wakeReader(holdingBelow: 0).resume }

    /// `wakeReader()`, except that a reader is left waiting (`held`) while fewer than `threshold`
    /// bytes are queued for it.
    func wakeReader(holdingBelow threshold: Int) -> (resume: Bool, held: Bool) {
        var wake = false
        var held = false
        let handoff: (Waiter, ArraySlice<UInt8>)? = state.withLock { state in
            guard let waiter = state.waiter, state.head < state.chunks.count else { return nil }
            if state.buffered < threshold {
                held = true
                return nil
            }
            guard let chunk = take(&state, wake: &wake) else { return nil }
            state.waiter = nil
            return (waiter, chunk)
        }
        if let (waiter, chunk) = handoff { waiter.resume(returning: chunk) }
        return (wake, held)
    }

    /// Ends the body: nil after the last byte, or the error that cut it short. Queued bytes stay readable.
    func finish(_ error: (any Error)?) {
        var wake = false
        let (waiter, next): (Waiter?, Result<ArraySlice<UInt8>?, any Error>?) = state.withLock { state in
            guard state.end == nil else { return (nil, nil) }
            state.end = error.map { .failure($0) } ?? .success(())
            guard let waiter = state.waiter else { return (nil, nil) }
            state.waiter = nil
            return (waiter, ready(&state, wake: &wake))
        }
        if let waiter, let next { waiter.resume(with: next) }
    }

    /// The whole body, when it ended without error, no reader came, and it is at most one chunk;
    /// the buffer is then empty. Nil otherwise, and the bytes stay for a reader.
    func takeWhole() -> [UInt8]? {
        state.withLock { state in
            guard case .success? = state.end, state.waiter == nil, !state.readerCanceled, state.head == 0,
                state.chunks.count <= 1
            else { return nil }
            let bytes = state.chunks.first ?? []
            state.chunks = []
            state.buffered = 0
            return bytes
        }
    }

    /// The most bytes that waited at once, and how often the transfer was paused.
    var statistics: (highWater: Int, pauses: Int) { state.withLock { ($0.highWater, $0.pauses) } }

    /// Whether the transfer should stay paused because too many bytes wait for the reader.
    var isPausedForReader: Bool { state.withLock { $0.paused } }

    /// Whether the reader stopped early (canceled) or the body ended.
    var isClosed: Bool { state.withLock { $0.readerCanceled || $0.end != nil } }

    // MARK: Reader side

    /// The next chunk, nil at the end. `resume` is called when the transfer should go on.
    func next(resume: () -> Void) async throws -> ArraySlice<UInt8>? {
        var wake = false
        let now = state.withLock { ready(&$0, wake: &wake) }
        if wake { resume() }
        if let now { return try now.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let early = state.withLock { state in
                    let early = ready(&state, wake: &wake)
                    if early == nil { state.waiter = continuation }
                    return early
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            cancelReader()
        }
    }

    /// Fails a waiting reader with `CancellationError`, and every later read too.
    func cancelReader() {
        let waiter = state.withLock { state -> Waiter? in
            state.readerCanceled = true
            state.chunks = []
            state.head = 0
            state.buffered = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: CancellationError())
    }

    /// What a reader gets now: a chunk, the end, an error; nil when it has to wait.
    private func ready(_ state: inout State, wake: inout Bool) -> Result<ArraySlice<UInt8>?, any Error>? {
        if state.readerCanceled { return .failure(CancellationError()) }
        if let chunk = take(&state, wake: &wake) { return .success(chunk) }
        switch state.end {
        case .success?: return .success(nil)
        case .failure(let error)?:
            state.end = .success(())
            return .failure(error)
        case nil: return nil
        }
    }

    private func take(_ state: inout State, wake: inout Bool) -> ArraySlice<UInt8>? {
        guard state.head < state.chunks.count else { return nil }
        let chunk = state.chunks[state.head]
        state.chunks[state.head] = []
        if keptArrays > 0 {
            state.handedOut.append(chunk)
            if state.handedOut.count > keptArrays { state.handedOut.removeFirst() }
        }
        state.head += 1
        if state.head == state.chunks.count {
            state.chunks.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head >= 64 && state.head * 2 >= state.chunks.count {
            state.chunks.removeFirst(state.head)
            state.head = 0
        }
        state.buffered -= chunk.count
        if state.paused && state.buffered <= bound / 2 {
            state.paused = false
            wake = true
        }
        return chunk[...]
    }
}
