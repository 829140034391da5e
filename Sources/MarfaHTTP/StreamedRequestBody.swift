import Dispatch
import MarfaOpenAPIRuntime
import Synchronization

/// A streamed request body for `URLSessionTransport`, read by blocking calls: URLSession pulls a
/// body stream synchronously, so `read` waits until the task feeding the body has pushed bytes.
///
/// `read` runs only on threads that may block — FoundationNetworking's work queue (for a session of
/// the call's own) or the pump thread of a bound stream pair — never on Swift's cooperative pool.
final class StreamedRequestBody: Sendable {
    /// What `read` got.
    enum Read {
        case bytes(Int)
        case end
        /// The body failed (its own error, or a length other than declared), or the call is over.
        case failed
    }

    private struct State: ~Copyable {
        var closed = false
        var waitingForProducer = false
        var failure: (any Error)?
        var onProgress: (@Sendable () -> Void)?
        var onFailure: (@Sendable (any Error) -> Void)?
    }

    let source: RequestBodySource
    private let readable = DispatchSemaphore(value: 0)
    private let state = Mutex(State())

    /// A body of `length` bytes when known, at most `bound` bytes ahead of the network.
    init(length: Int64?, bound: Int) {
        source = RequestBodySource(length: length, bound: bound)
        source.setOnReadable { [readable] in readable.signal() }
    }

    /// Sets what to call each time bytes go out (so the idle limit restarts after a slow producer),
    /// and what to call once when the body fails (so the call ends rather than send a cut body).
    func setHandlers(onProgress: @escaping @Sendable () -> Void, onFailure: @escaping @Sendable (any Error) -> Void) {
        state.withLock { state in
            state.onProgress = onProgress
            state.onFailure = onFailure
        }
    }

    /// Copies the next bytes into `buffer`, blocking while the producer has none ready.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        while true {
            switch source.read(into: buffer) {
            case .bytes(let count):
                let progress = state.withLock { state in
                    state.waitingForProducer = false
                    return state.onProgress
                }
                progress?()
                return .bytes(count)
            case .end:
                return .end
            case .failed(let error):
                let report = state.withLock { state in
                    guard state.failure == nil else { return nil as (@Sendable (any Error) -> Void)? }
                    state.failure = error
                    return state.onFailure
                }
                report?(error)
                return .failed
            case .wait:
                let closed = state.withLock { state in
                    state.waitingForProducer = !state.closed
                    return state.closed
                }
                if closed { return .failed }
                readable.wait()
            }
        }
    }

    /// Whether `read` is blocked on the producer: time that does not count toward the idle limit.
    var isWaitingForProducer: Bool { state.withLock { $0.waitingForProducer } }

    /// The body's own failure (its producer's error, or a length other than declared), if it had one.
    var failure: (any Error)? { state.withLock { $0.failure } }

    /// Ends the exchange: a blocked `read` returns `.failed`, later ones too, and the producer stops.
    func close() {
        let wasClosed = state.withLock { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !wasClosed else { return }
        state.withLock { state in
            state.onProgress = nil
            state.onFailure = nil
        }
        source.close()
        readable.signal()
    }
}
