import Dispatch
import Foundation
import MarfaOpenAPIRuntime
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call on a `URLSessionDataTask`: its request, the hand-over of the response head to `send`
/// and of the body to its reader, its time limits, and its end.
///
/// The session's events arrive on its delegate queue; `send`, the reader and the timer call in from
/// other threads; everything they share is behind `state`. The call ends once (`finish`): with the
/// response's last byte, or with the first error, which also cancels the task.
final class URLSessionExchange: ResponseBodyProducer, @unchecked Sendable {
    typealias Head = (HTTPResponse, HTTPBody?)

    let engine: URLSessionEngine
    let buffer: ResponseBodyBuffer
    /// How to make the task: it is made on the engine's control queue, where it starts.
    private let recipe: TaskRecipe
    private let origin: String
    private let method: HTTPMethod
    private let maxHeadBytes: Int
    private let limits: TransportLimits
    private let deadlineAt: UInt64?
    private let idleNanoseconds: UInt64?
    private let upload: (body: HTTPBody, reader: StreamedRequestBody)?

    private struct State: ~Copyable {
        var head: CheckedContinuation<Head, any Error>?
        var headDelivered = false
        /// Set by `finish`; the error the call ended with, for a `run` that had not begun.
        var end: (any Error)??
        var suspendedForReader = false
        var lastActivity: UInt64
        var timer: LimitTimer?
        var feeder: Task<Void, Never>?
        /// What the task reads the body from (a bound stream pair's pump on Apple platforms, a
        /// spooled file on Linux), kept until the task completes.
        var bodySource: (any AnyObject & Sendable)?
    }

    /// A task to make: a data task, or on Linux an upload from a spooled file.
    private enum TaskRecipe: @unchecked Sendable {
        case data(URLRequest)
        case upload(URLRequest, fromFile: URL)
    }

    /// The task, once made; used on the control queue only.
    private var task: URLSessionDataTask?
    private let state: Mutex<State>

    /// Prepares the task for `request`; throws `invalidRequest` for a request that must not be sent.
    init(
        engine: URLSessionEngine, request: HTTPRequest, body: RequestBodyPlan, target: RequestTarget,
        limits: TransportLimits, startedAt: UInt64
    ) throws(HTTPClientError) {
        let configuration = engine.configuration
        self.engine = engine
        self.origin = target.origin
        self.method = request.method
        self.limits = limits
        maxHeadBytes = configuration.maxResponseHeadBytes
        buffer = ResponseBodyBuffer(bound: configuration.responseBufferBytes)
        deadlineAt = limits.deadline.map { startedAt &+ MonotonicTime.nanoseconds($0) }
        idleNanoseconds = limits.idleTimeout.map(MonotonicTime.nanoseconds)
        state = Mutex(State(lastActivity: startedAt))

        var urlRequest = try URLRequestBuilder.request(for: request, target: target)
        var bodySource: (any AnyObject & Sendable)?
        switch body {
        case .none:
            upload = nil
        case .bytes(let bytes):
            urlRequest.httpBody = Data(bytes)
            upload = nil
        #if canImport(FoundationNetworking)
        case .file(let spooled):
            upload = nil
            bodySource = spooled
        #else
        case .streamed(let streamed, let length):
            let reader = StreamedRequestBody(length: length, bound: configuration.requestBufferBytes)
            let pump = BoundStreamPump(reading: reader, bufferSize: max(configuration.requestBufferBytes, 16 << 10))
            urlRequest.httpBodyStream = pump.input
            if let length { urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length") }
            upload = (streamed, reader)
            bodySource = pump
        #endif
        }
        #if canImport(FoundationNetworking)
        if case .file(let spooled) = body {
            recipe = .upload(urlRequest, fromFile: spooled.url)
        } else {
            recipe = .data(urlRequest)
        }
        #else
        recipe = .data(urlRequest)
        #endif
        state.withLock { $0.bodySource = bodySource }
    }

    // MARK: Running, from `send`

    /// Starts the task and waits for the response head.
    func run() async throws -> Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ended = state.withLock { state -> (any Error)?? in
                    if state.end == nil { state.head = continuation }
                    return state.end
                }
                if let ended {
                    continuation.resume(throwing: ended ?? CancellationError())
                } else {
                    start()
                }
            }
        } onCancel: {
            abort(CancellationError())
        }
    }

    private func start() {
        touch()  // the idle limit counts from here: gathering a body was waiting for the caller
        if let upload {
            upload.reader.setHandlers(onProgress: { [self] in touch() }, onFailure: { [self] in finish($0) })
            let feeder = upload.reader.source.startFeeding(from: upload.body)
            state.withLock { $0.feeder = feeder }
        }
        startTimer()
        engine.control.async { [self] in
            // Made here, not in `send`: making a task waits for URLSession's own queue. A call
            // that ended meanwhile (canceled) sends nothing.
            guard state.withLock({ $0.end == nil }) else { return }
            let task =
                switch recipe {
                case .data(let request): engine.session.dataTask(with: request)
                case .upload(let request, let file): engine.session.uploadTask(with: request, fromFile: file)
                }
            self.task = task
            engine.events.register(self, for: task)
            task.resume()
        }
    }

    /// Runs `step` on the task on the control queue, after the task was made; nothing if it never was.
    private func onTask(_ step: @escaping @Sendable (URLSessionDataTask) -> Void) {
        engine.control.async { [self] in
            if let task { step(task) }
        }
    }

    // MARK: Session events, on the delegate queue

    /// The response head arrived: hands it to `send`, or ends the call for a redirect or an
    /// oversized head. Answers whether the task should go on.
    func received(_ response: URLResponse) -> URLSession.ResponseDisposition {
        touch()
        guard let http = response as? HTTPURLResponse else {
            finish(HTTPClientError.network(reason: .protocolError("the answer is not HTTP"), requestSent: true))
            return .cancel
        }
        let head = URLResponseHead.response(of: http)
        if (100..<200).contains(head.status) { return .allow }
        if HTTPClientError.isRedirect(head.status.code) {
            finish(
                HTTPClientError.redirect(
                    from: origin, status: head.status.code, location: head.headerFields["Location"]))
            return .cancel
        }
        guard URLResponseHead.size(of: head) <= maxHeadBytes else {
            let reason = "the response head is longer than \(maxHeadBytes) bytes"
            finish(HTTPClientError.network(reason: .protocolError(reason), requestSent: true))
            return .cancel
        }
        deliver(head)
        return .allow
    }

    private func deliver(_ head: HTTPResponse) {
        var body: HTTPBody?
        if URLResponseHead.hasBody(method: method, status: head.status.code) {
            body = HTTPBody(
                ResponseChunks(reader: ResponseBodyReader(producer: self)), length: URLResponseHead.bodyLength(of: head)
            )
        }
        let continuation = state.withLock { state -> CheckedContinuation<Head, any Error>? in
            guard state.end == nil, !state.headDelivered else { return nil }
            state.headDelivered = true
            defer { state.head = nil }
            return state.head
        }
        continuation?.resume(returning: (head, body))
    }

    /// Body bytes arrived: queues them for the reader, and suspends the task when the reader fell
    /// behind (where URLSession can).
    func received(_ data: Data) {
        touch()
        let (readerWaiting, overBound) = data.withUnsafeBytes { buffer.push($0) }
        if readerWaiting, buffer.wakeReader() { readerCaughtUp() }
        if overBound { suspendForReader() }
    }

    /// URLSession would follow a redirect: the call fails with `redirected` instead.
    func redirected(_ response: HTTPURLResponse) {
        let head = URLResponseHead.response(of: response)
        finish(
            HTTPClientError.redirect(from: origin, status: head.status.code, location: head.headerFields["Location"]))
    }

    /// FoundationNetworking asks for HTTP credentials only once the whole 401 answer was delivered:
    /// the body is complete.
    func completedBeforeCredentialRequest(response: URLResponse?) {
        if !state.withLock({ $0.headDelivered }), let response { _ = received(response) }
        finish(nil)
    }

    /// The task completed, with URLSession's error or none.
    func completed(_ error: (any Error)?, response: URLResponse?) {
        defer { state.withLock { $0.bodySource = nil } }
        if let failure = upload?.reader.failure { return finish(failure) }
        if let error {
            let afterHead = state.withLock { $0.headDelivered }
            return finish(URLSessionFailure.error(for: error, origin: origin, afterHead: afterHead))
        }
        // FoundationNetworking completes a 3xx answer without a Location (which it did not offer to
        // follow) with no response event.
        if !state.withLock({ $0.headDelivered }), let response { _ = received(response) }
        finish(nil)
    }

    // MARK: Reader side

    /// The reader took enough bytes: a task suspended for it goes on, and the idle limit restarts.
    func readerCaughtUp() {
        touch()
        let resume = state.withLock { state in
            defer { state.suspendedForReader = false }
            return state.suspendedForReader && state.end == nil
        }
        if resume { onTask { $0.resume() } }
    }

    /// Ends the call with `error` and cancels its task.
    func abort(_ error: any Error) { finish(error) }

    private func suspendForReader() {
        #if !canImport(FoundationNetworking)
        let suspend = state.withLock { state in
            guard !state.suspendedForReader, state.end == nil else { return false }
            state.suspendedForReader = true
            return true
        }
        if suspend { onTask { $0.suspend() } }
        #endif
    }

    // MARK: The end

    /// Ends the call, once: `send` or the reader get `error` (or the end of the body), the timer and
    /// the body's producer stop, and a task that is still running is canceled.
    private func finish(_ error: (any Error)?) {
        let taken = state.withLock {
            state -> (CheckedContinuation<Head, any Error>?, LimitTimer?, Task<Void, Never>?)? in
            guard state.end == nil else { return nil }
            state.end = .some(error)
            defer {
                state.head = nil
                state.timer = nil
                state.feeder = nil
            }
            return (state.head, state.timer, state.feeder)
        }
        guard let (head, timer, feeder) = taken else { return }
        timer?.source.cancel()
        feeder?.cancel()
        upload?.reader.close()
        engine.count(finished: buffer)
        buffer.finish(error)
        head?.resume(throwing: error ?? noAnswer)
        if error != nil { onTask { $0.cancel() } }
    }

    private var noAnswer: HTTPClientError {
        .network(reason: .connectionLost("the transfer ended without a response head"), requestSent: true)
    }

    // MARK: Time limits

    /// Notes that the server (or the caller, after a wait) made progress, restarting the idle limit.
    func touch() {
        let now = MonotonicTime.now()
        state.withLock { $0.lastActivity = now }
    }

    private func startTimer() {
        guard deadlineAt != nil || idleNanoseconds != nil else { return }
        let timer = LimitTimer(source: DispatchSource.makeTimerSource(queue: engine.timers))
        timer.source.setEventHandler { [self] in checkLimits() }
        let started = state.withLock { state -> Bool in
            guard state.end == nil else { return false }
            state.timer = timer
            return true
        }
        guard started else { return }
        let now = MonotonicTime.now()
        schedule(timer, at: limitState(now: now).due ?? now, now: now)
        timer.source.resume()
    }

    private func checkLimits() {
        let now = MonotonicTime.now()
        let (expired, due) = limitState(now: now)
        if let expired {
            finish(HTTPClientError.network(reason: .timedOut(expired), requestSent: true))
        } else if let due, let timer = state.withLock({ $0.timer }) {
            schedule(timer, at: due, now: now)
        }
    }

    private func schedule(_ timer: LimitTimer, at due: UInt64, now: UInt64) {
        let wait = due > now ? due - now : 0
        timer.source.schedule(
            deadline: .now() + .nanoseconds(Int(min(wait, UInt64(Int.max / 2)))), leeway: .milliseconds(1))
    }

    /// The time limit that ran out by `now`, or when to look again. Silence does not count while
    /// the transport waits for the caller: a reader that fell behind, or a slow request body.
    private func limitState(now: UInt64) -> (expired: HTTPClientError.TimeLimit?, due: UInt64?) {
        var due: UInt64?
        if let deadlineAt, let deadline = limits.deadline {
            if now >= deadlineAt { return (.deadline(deadline), nil) }
            due = deadlineAt
        }
        if let idleNanoseconds, let idle = limits.idleTimeout {
            let waitingForCaller = buffer.isPausedForReader || upload?.reader.isWaitingForProducer == true
            let idleAt =
                waitingForCaller ? now &+ idleNanoseconds : state.withLock { $0.lastActivity } &+ idleNanoseconds
            if now >= idleAt { return (.idle(idle), nil) }
            due = min(due ?? idleAt, idleAt)
        }
        return (nil, due)
    }
}

/// The timer that checks a call's time limits; a dispatch source is safe to use from any thread.
struct LimitTimer: @unchecked Sendable {
    let source: DispatchSourceTimer
}
