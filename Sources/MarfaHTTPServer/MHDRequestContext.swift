import CMicroHTTPD
import MarfaOpenAPIRuntime
import Synchronization

/// One request on a libmicrohttpd connection, from its request line to the end of its response.
///
/// Made by the URI log callback and released by the request-completed callback. Fields marked
/// "daemon" are used only on the daemon's thread; the rest are behind `shared`.
final class MHDRequestContext: @unchecked Sendable {
    enum Phase {
        /// The first call of the access handler is still to come.
        case new
        /// Body bytes are arriving.
        case receiving
        /// The connection is suspended while the handler runs.
        case handling
        /// A response was queued.
        case responding
    }

    /// The raw request target, as the client sent it.
    let target: String
    let connection: OpaquePointer

    // daemon
    var phase = Phase.new
    var method = HTTPMethod.get
    var headers = HTTPFields()
    var body: [UInt8] = []
    var bodyBytesSeen = 0
    var declaresBody = false
    var tooLarge = false
    /// Where the body goes instead of `body`, for a route whose bodies are spooled.
    var spool: (any RequestBodySpool)?
    /// The answer already decided (a spool's refusal), sent once the body has arrived.
    var refused: (HTTPResponse, HTTPBody?)?

    private struct Shared: ~Copyable {
        var suspended = false
        var result: (HTTPResponse, HTTPBody?)?
        var connectionGone = false
        var handler: Task<Void, Never>?
        var stream: MHDStreamedResponse?
        /// Shutdown began: a handler task stored from now on is cancelled at once.
        var stopping = false
    }
    private let shared = Mutex(Shared())

    init(target: String, connection: OpaquePointer) {
        self.target = target
        self.connection = connection
    }

    /// Suspends the connection and runs `work` in a task; its answer resumes the connection. Daemon thread.
    func runHandler(_ work: @escaping @Sendable () async -> (HTTPResponse, HTTPBody?)) {
        phase = .handling
        shared.withLock { shared in
            shared.suspended = true
            MHD_suspend_connection(connection)
        }
        let task = Task { [self] in answer(await work()) }
        // Shutdown may have begun while the task was being made; it must not miss this one.
        let cancelNow = shared.withLock { shared -> Bool in
            guard shared.suspended && !shared.connectionGone else { return false }
            shared.handler = task
            return shared.stopping
        }
        if cancelNow { task.cancel() }
    }

    /// Stores the response and resumes the connection, once; later answers are dropped.
    func answer(_ response: (HTTPResponse, HTTPBody?)) {
        shared.withLock { shared in
            guard shared.suspended, !shared.connectionGone, shared.result == nil else { return }
            shared.result = response
            shared.suspended = false
            shared.handler = nil
            MHD_resume_connection(connection)
        }
    }

    /// The handler's answer, once the connection is resumed. Daemon thread.
    func takeResult() -> (HTTPResponse, HTTPBody?)? {
        shared.withLock { shared in
            defer { shared.result = nil }
            return shared.result
        }
    }

    /// Remembers the streamed body being sent, so shutdown and disconnects can end it.
    func attach(_ stream: MHDStreamedResponse) {
        let gone = shared.withLock { shared in
            shared.stream = stream
            return shared.connectionGone
        }
        if gone { stream.connectionClosed() }
    }

    /// The request ended (completed, or the connection closed): stop its handler and body. Daemon thread.
    func connectionClosed() {
        let (handler, stream) = shared.withLock { shared in
            shared.connectionGone = true
            defer {
                shared.handler = nil
                shared.stream = nil
            }
            return (shared.handler, shared.stream)
        }
        handler?.cancel()
        stream?.connectionClosed()
    }

    /// The server is stopping: cancel a running handler, end a streamed body after its queued bytes.
    func beginShutdown() {
        let (handler, stream) = shared.withLock { shared in
            shared.stopping = true
            return (shared.handler, shared.stream)
        }
        handler?.cancel()
        stream?.endForShutdown()
    }

    /// The grace period is over: a handler still running is answered `refusal` (a 503) and its connection resumed.
    func forceEnd(with refusal: (HTTPResponse, HTTPBody?)) {
        answer(refusal)
        let stream = shared.withLock { $0.stream }
        stream?.finish(failed: true)
    }
}
