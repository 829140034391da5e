import CMicroHTTPD
import MarfaHTTP
import MarfaOpenAPIRuntime
import Synchronization

/// A response body that libmicrohttpd sends while a task still reads it from the handler's `HTTPBody`.
///
/// The task pushes chunks here, waiting while `bound` bytes are queued. libmicrohttpd's content
/// reader takes bytes on the daemon's thread; when none are queued it suspends the connection, and
/// the next push resumes it, so an idle event stream costs no polling. Suspending and resuming happen
/// under the lock, so a resume always follows its suspend.
final class MHDStreamedResponse: @unchecked Sendable {
    private struct State: ~Copyable {
        var queue = ChunkQueue()
        var finished = false
        var failed = false
        var suspended = false
        var connectionGone = false
        var producerWaiter: CheckedContinuation<Void, Never>?
        var pump: Task<Void, Never>?
    }

    /// The connection, valid until `connectionGone`; used only under the lock.
    private let connection: OpaquePointer
    private let bound: Int
    private let state = Mutex(State())

    init(connection: OpaquePointer, bound: Int) {
        self.connection = connection
        self.bound = max(bound, 16 << 10)
    }

    /// Starts the task that reads `body` into this response.
    func start(reading body: HTTPBody) {
        let task = Task { [self] in
            do {
                for try await chunk in body {
                    guard await push(chunk) else { return }
                }
                finish(failed: false)
            } catch {
                // After `endForShutdown` the body already ended cleanly and this does nothing.
                finish(failed: true)
            }
        }
        let late = state.withLock { state -> Bool in
            if state.connectionGone || state.finished { return true }
            state.pump = task
            return false
        }
        if late { task.cancel() }
    }

    /// Queues a chunk, waiting while the queue is full. False once the response is over.
    private func push(_ chunk: ArraySlice<UInt8>) async -> Bool {
        guard !chunk.isEmpty else { return true }
        let full = state.withLock { state -> Bool? in
            if state.finished || state.connectionGone { return nil }
            state.queue.append(chunk)
            wakeReader(&state)
            return state.queue.buffered >= bound
        }
        guard let full else { return false }
        if full {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.finished || state.connectionGone || state.queue.buffered < bound { return true }
                    state.producerWaiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }
        return state.withLock { !$0.finished && !$0.connectionGone }
    }

    /// Ends the body after the queued bytes: cleanly, or with an error that cuts the connection.
    func finish(failed: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failed = failed
            wakeReader(&state)
            defer { state.producerWaiter = nil }
            return state.producerWaiter
        }
        waiter?.resume()
    }

    /// Ends the body cleanly after the queued bytes and cancels the task reading it: the server is stopping.
    func endForShutdown() {
        finish(failed: false)
        let pump = state.withLock { $0.pump }
        pump?.cancel()
    }

    /// The connection closed: stop reading the body.
    func connectionClosed() {
        let (pump, waiter) = state.withLock { state in
            state.connectionGone = true
            state.queue.removeAll()
            defer {
                state.pump = nil
                state.producerWaiter = nil
            }
            return (state.pump, state.producerWaiter)
        }
        pump?.cancel()
        waiter?.resume()
    }

    private func wakeReader(_ state: inout State) {
        if state.suspended && !state.connectionGone {
            state.suspended = false
            MHD_resume_connection(connection)
        }
    }

    /// libmicrohttpd's content reader, on the daemon's thread: copies queued bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var producer: CheckedContinuation<Void, Never>?
        let result = state.withLock { state -> Int in
            let copied = state.queue.drain(into: buffer)
            if state.queue.buffered < bound / 2, let waiter = state.producerWaiter {
                state.producerWaiter = nil
                producer = waiter
            }
            if copied > 0 { return copied }
            if state.finished {
                return state.failed ? CMHD_CONTENT_READER_END_WITH_ERROR : CMHD_CONTENT_READER_END_OF_STREAM
            }
            state.suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
        producer?.resume()
        return result
    }
}
