import MarfaOpenAPIRuntime
import Synchronization

/// A request body as libcurl's read callback (or `URLSessionTransport`'s body stream) takes it:
/// bytes in memory, or chunks that a task reads from the caller's `HTTPBody` and pushes here, at
/// most `bound` bytes ahead of the network.
final class RequestBodySource: Sendable {
    /// What the read callback gets.
    enum Read {
        case bytes(Int)
        case end
        /// No bytes yet: pause the upload; `onReadable` is called when some arrive.
        case wait
        case failed(any Error)
    }

    private struct State: ~Copyable {
        var offset = 0
        var queue = ChunkQueue()
        var pushed: Int64 = 0
        var consumed = 0
        var ended = false
        var error: (any Error)?
        var readerWaiting = false
        var producerWaiter: CheckedContinuation<Void, Never>?
        var closed = false
        var onReadable: (@Sendable () -> Void)?
    }

    /// The body's length when known; libcurl sends chunked otherwise.
    let declaredLength: Int64?
    private let memory: [UInt8]?
    private let bound: Int
    private let state = Mutex(State())

    /// A body of bytes in memory.
    init(bytes: [UInt8]) {
        memory = bytes
        declaredLength = Int64(bytes.count)
        bound = 0
    }

    /// A body pushed chunk by chunk, of `length` bytes when known.
    init(length: Int64?, bound: Int) {
        memory = nil
        declaredLength = length
        self.bound = max(bound, 16 << 10)
    }

    /// Whether the body is pushed by a task rather than held in memory.
    var isStreamed: Bool { memory == nil }

    /// Sets what to call when bytes arrive while the reader waits.
    func setOnReadable(_ callback: @escaping @Sendable () -> Void) {
        state.withLock { $0.onReadable = callback }
    }

    // MARK: Reader side, on the event loop's thread

    /// Copies the next bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        if let memory {
            return state.withLock { state in
                let count = min(buffer.count, memory.count - state.offset)
                guard count > 0 else { return .end }
                memory.withUnsafeBytes { bytes in
                    buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + state.offset, byteCount: count)
                }
                state.offset += count
                return .bytes(count)
            }
        }
        var producer: CheckedContinuation<Void, Never>?
        let result: Read = state.withLock { state in
            if let error = state.error { return .failed(error) }
            let copied = state.queue.drain(into: buffer)
            state.consumed += copied
            if state.queue.buffered < bound / 2, let waiter = state.producerWaiter {
                state.producerWaiter = nil
                producer = waiter
            }
            if copied > 0 { return .bytes(copied) }
            if state.ended { return .end }
            state.readerWaiting = true
            return .wait
        }
        producer?.resume()
        return result
    }

    /// Starts the body over, for libcurl's retry on a fresh connection; false when it cannot.
    func rewind() -> Bool {
        state.withLock { state in
            if memory != nil {
                state.offset = 0
                return true
            }
            return state.consumed == 0
        }
    }

    // MARK: Producer side

    /// Adds a chunk, waiting while `bound` bytes are ahead of the network. False once the transfer is over.
    func push(_ chunk: ArraySlice<UInt8>) async -> Bool {
        guard !chunk.isEmpty else { return !state.withLock { $0.closed } }
        let (accepted, wake, full): (Bool, (@Sendable () -> Void)?, Bool) = state.withLock { state in
            if state.closed || state.ended { return (false, nil, false) }
            state.pushed += Int64(chunk.count)
            if let declared = declaredLength, state.pushed > declared {
                state.error = HTTPClientError.invalidRequest(
                    reason: "the request body is longer than the \(declared) bytes it declared")
                state.ended = true
            } else {
                state.queue.append(chunk)
            }
            let wake = state.readerWaiting ? state.onReadable : nil
            state.readerWaiting = false
            return (state.error == nil, wake, state.queue.buffered >= bound)
        }
        wake?()
        guard accepted else { return false }
        if full {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.closed || state.queue.buffered < bound { return true }
                    state.producerWaiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }
        return !state.withLock { $0.closed }
    }

    /// Starts a task that reads `body` and pushes its chunks here until it ends, fails, or the
    /// exchange is over; answers the task, to cancel when the exchange ends first.
    func startFeeding(from body: HTTPBody) -> Task<Void, Never> {
        Task {
            do {
                for try await chunk in body {
                    guard await push(chunk) else { return }
                }
                finish(nil)
            } catch {
                finish(error)
            }
        }
    }

    /// Ends the body after the last chunk, or with the error that cut it short.
    func finish(_ error: (any Error)?) {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            if state.ended || state.closed { return nil }
            state.ended = true
            if let error {
                state.error = error
            } else if let declared = declaredLength, state.pushed != declared {
                state.error = HTTPClientError.invalidRequest(
                    reason: "the request body has \(state.pushed) bytes, not the \(declared) it declared")
            }
            defer { state.readerWaiting = false }
            return state.readerWaiting ? state.onReadable : nil
        }
        wake?()
    }

    /// Whether the reader is waiting for bytes that are now there (or for the end, which came).
    var hasProgress: Bool {
        state.withLock { !$0.readerWaiting }
    }

    /// Ends the exchange when the transfer is over: the producer stops waiting and its later pushes fail.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.closed = true
            state.queue.removeAll()
            state.onReadable = nil
            defer { state.producerWaiter = nil }
            return state.producerWaiter
        }
        waiter?.resume()
    }
}
