#if canImport(CCurl)
import MarfaOpenAPIRuntime
import CCurl
import Synchronization

/// One request on an easy handle: its options, its libcurl callbacks, its time limits, and the
/// hand-over of the response head to `send` and of the body to its reader.
///
/// Fields marked "loop" are read and written only on the event loop's thread (in libcurl's
/// callbacks and in the loop's own steps); the rest are immutable or behind `shared`.
final class CurlTransfer: ResponseBodyProducer, @unchecked Sendable {
    typealias Head = (HTTPResponse, HTTPBody?)

    let engine: CurlEngine
    let handle: CurlEasyHandle
    var easy: UnsafeMutableRawPointer { handle.easy }
    let target: RequestTarget
    let method: HTTPMethod
    let limits: CurlTransport.Limits
    let source: RequestBodySource?
    let buffer: ResponseBodyBuffer
    private let maxHeadBytes: Int
    private let deadlineAt: UInt64?
    private let idleNanoseconds: UInt64?
    private let headerList: UnsafeMutablePointer<curl_slist>?

    private struct Shared: ~Copyable {
        var head: CheckedContinuation<Head, any Error>?
        var canceled = false
        var pump: Task<Void, Never>?
    }
    private let shared = Mutex(Shared())

    // loop
    /// The head, kept until the loop's next `flush` (or the transfer's end) hands it to `send`;
    /// `body` is the length of the body that follows it, nil when none does.
    private var pendingHead: (response: HTTPResponse, body: HTTPBody.Length?)?
    /// Whether the transfer waits in the loop's list for `flush`.
    var needsFlush = false
    private var parser = ResponseHeadParser()
    private var headBytes = 0
    private(set) var headDelivered = false
    private var failure: (any Error)?
    var recvPaused = false
    var sendPaused = false
    var lastActivity: UInt64
    private var bytesSent: Int64 = 0
    /// The last two passes that brought body bytes.
    private var bytesPasses: (last: UInt64, previous: UInt64) = (0, 0)
    /// Since when a waiting reader has been left to wait for more bytes.
    private var holdingSince: UInt64?
    /// Body bytes of this pass not yet handed to `buffer`.
    private var gatherer: ResponseChunkGatherer

    /// Prepares an easy handle for `request`; throws `invalidRequest` for a request libcurl must not send.
    init(
        engine: CurlEngine, request: HTTPRequest, body: HTTPBody?, target: RequestTarget,
        limits: CurlTransport.Limits, configuration: CurlTransport.Configuration
    ) throws(HTTPClientError) {
        self.engine = engine
        self.target = target
        self.method = request.method
        self.limits = limits
        self.maxHeadBytes = configuration.maxResponseHeadBytes
        buffer = ResponseBodyBuffer(bound: configuration.responseBufferBytes, keptArrays: 4)
        gatherer = ResponseChunkGatherer(piece: CurlEasyHandle.pieceBytes(configuration))
        let now = MonotonicTime.now()
        lastActivity = now
        deadlineAt = limits.deadline.map { now &+ MonotonicTime.nanoseconds($0) }
        idleNanoseconds = limits.idleTimeout.map(MonotonicTime.nanoseconds)

        let method = request.method.rawValue
        try RequestHeadRules.checkMethod(method)
        source = Self.source(for: body, method: method, bound: configuration.requestBufferBytes)
        headerList = try Self.headerList(request.headerFields, sendsBody: source != nil)
        handle = engine.loop.takeEasyHandle()
        configure(method: method)
    }

    deinit {
        if let headerList { curl_slist_free_all(headerList) }
    }

    /// What libcurl's read callback sends: the caller's body, an empty one for methods that always
    /// carry one, or nothing.
    private static func source(for body: HTTPBody?, method: String, bound: Int) -> RequestBodySource? {
        if let body {
            if let bytes = body.bytesInMemory { return RequestBodySource(bytes: bytes) }
            let length: Int64? = if case .known(let count) = body.length { count } else { nil }
            return RequestBodySource(length: length, bound: bound)
        }
        return RequestHeadRules.sendsEmptyBody(method) ? RequestBodySource(bytes: []) : nil
    }

    /// The header lines for libcurl. Framing fields (Content-Length, Transfer-Encoding) are libcurl's
    /// to write; `Expect: 100-continue` is turned off unless the request asks for it.
    private static func headerList(
        _ fields: HTTPFields, sendsBody: Bool
    ) throws(HTTPClientError)
        -> UnsafeMutablePointer<curl_slist>?
    {
        var lines: [String] = []
        var hasExpect = false
        for field in fields {
            try RequestHeadRules.checkField(field)
            if RequestHeadRules.isFraming(field.name) { continue }
            if field.name.lowercased() == "expect" { hasExpect = true }
            let value = field.value.trimmingSpaces
            lines.append(value.isEmpty ? "\(field.name);" : "\(field.name): \(value)")
        }
        if sendsBody && !hasExpect { lines.append("Expect:") }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let longer = curl_slist_append(list, line) else {
                if let list { curl_slist_free_all(list) }
                throw .invalidRequest(reason: "out of memory for the header fields")
            }
            list = longer
        }
        return list
    }

    /// Sets every option of this request on the handle, whatever the handle's last transfer set:
    /// the URL, the header fields, the method and body, and where the callbacks find this transfer.
    private func configure(method: String) {
        handle.errorBuffer[0] = 0
        handle.set(CURLOPT_URL, target.url)
        // Waiting for a connection to tell whether it multiplexes pays only where it can (HTTP/2
        // over TLS, known once the handshake is done). Over plain HTTP it would hold every other
        // call to the origin until the first call's answer begins, even one waiting for its body.
        handle.set(CURLOPT_PIPEWAIT, target.url.hasPrefix("https:") ? 1 : 0)
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, headerList)
        // UPLOAD or HTTPGET first: each sets the method libcurl starts from (PUT, GET) and clears NOBODY.
        handle.set(source != nil ? CURLOPT_UPLOAD : CURLOPT_HTTPGET, 1)
        let plain = source == nil && (method == "GET" || method == "HEAD")
        if plain && method == "HEAD" { handle.set(CURLOPT_NOBODY, 1) }
        handle.set(CURLOPT_CUSTOMREQUEST, plain ? nil : method)
        _ = ccurl_easy_setopt_off(easy, CURLOPT_INFILESIZE_LARGE, Int(source?.declaredLength ?? -1))
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, me)
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_WRITEDATA, me)
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_READDATA, me)
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_SEEKDATA, me)
    }

    // MARK: Running, from `send`

    /// Hands the transfer to the event loop and waits for the response head.
    func run(body: HTTPBody?) async throws -> Head {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                shared.withLock { $0.head = continuation }
                if let source, source.isStreamed, let body { startPump(body, into: source) }
                engine.loop.post(.start(self))
            }
        } onCancel: {
            cancel()
        }
    }

    /// Reads the caller's body in a task, pushing its chunks to `source`.
    private func startPump(_ body: HTTPBody, into source: RequestBodySource) {
        let loop = engine.loop
        // The callback holds the transfer until `finish` closes the source, which drops it.
        source.setOnReadable { loop.post(.resume(self)) }
        let task = source.startFeeding(from: body)
        shared.withLock { $0.pump = task }
    }

    /// Aborts the transfer because its task was canceled.
    func cancel() {
        shared.withLock { $0.canceled = true }
        abort(CancellationError())
    }

    /// Asks the event loop to stop the transfer with `error`.
    func abort(_ error: any Error) {
        engine.loop.post(.abort(self, error))
    }

    /// Asks the event loop to let a transfer paused for its reader go on.
    func readerCaughtUp() {
        engine.loop.post(.resume(self))
    }

    var isCanceled: Bool { shared.withLock { $0.canceled } }

    // MARK: libcurl callbacks, on the loop's thread

    func readHeaderLine(_ line: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = engine.loop.passStarted
        if headDelivered { return count }
        headBytes += count
        guard headBytes <= maxHeadBytes else {
            failure = HTTPClientError.network(
                reason: .protocolError("the response head is longer than \(maxHeadBytes) bytes"), requestSent: true)
            return 0
        }
        switch parser.consume(UnsafeRawBufferPointer(start: line, count: count)) {
        case .needMore:
            return count
        case .malformed(let reason):
            failure = HTTPClientError.network(reason: .protocolError(reason), requestSent: true)
            return 0
        case .complete(let status, let fields):
            if HTTPClientError.isRedirect(status) {
                failure = HTTPClientError.redirect(from: target.origin, status: status, location: fields["Location"])
                return 0
            }
            headDelivered = true
            deliverHead(HTTPResponse(status: status, headerFields: fields))
            return count
        }
    }

    private func deliverHead(_ response: HTTPResponse) {
        let status = response.status
        var body: HTTPBody.Length?
        if method != .head && status != 204 && status != 304 && !(100..<200).contains(status) {
            body = .unknown
            if response.headerFields["Transfer-Encoding"] == nil,
                let text = response.headerFields["Content-Length"], let count = Int64(text), count >= 0
            {
                body = .known(count)
            }
        }
        pendingHead = (response, body)
        engine.loop.markForFlush(self)
    }

    /// What `send` answers for `head`. A body that has all arrived (the transfer `ended` without
    /// error) and fits one chunk is handed over in memory; any other is read as it arrives.
    private func handOver(_ head: (response: HTTPResponse, body: HTTPBody.Length?), ended: Bool) -> Head {
        guard let length = head.body else { return (head.response, nil) }
        if ended, let bytes = buffer.takeWhole() { return (head.response, HTTPBody(bytes)) }
        return (head.response, HTTPBody(ResponseChunks(reader: ResponseBodyReader(producer: self)), length: length))
    }

    /// Hands a new head to `send`, the body bytes gathered in this pass to `buffer`, and new bytes to
    /// a waiting reader; called by the loop once per pass. True when a head was handed over.
    ///
    /// While a body keeps streaming in (bytes came in this pass and in one under 1 ms before), a
    /// waiting reader is woken only once a piece of bytes waits, or 1 ms after it was first left
    /// waiting: fewer wake-ups for a download, none of the delay for bytes that come now and then.
    func flush() -> Bool {
        needsFlush = false
        var handed = false
        if let head = pendingHead {
            pendingHead = nil
            let continuation = shared.withLock { shared in
                defer { shared.head = nil }
                return shared.head
            }
            continuation?.resume(returning: handOver(head, ended: false))
            handed = true
        }
        let now = engine.loop.passStarted
        let streaming = bytesPasses.last &- bytesPasses.previous < 1_000_000
        let hold = streaming && now &- (holdingSince ?? now) < 1_000_000
        if let chunk = gatherer.take() { buffer.publish(chunk) }
        let (resume, held) = buffer.wakeReader(holdingBelow: hold ? gatherer.piece : 0)
        if held {
            holdingSince = holdingSince ?? now
            engine.loop.markForFlush(self)
        } else {
            holdingSince = nil
        }
        if resume { engine.loop.post(.resume(self)) }
        return handed
    }

    func readBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = engine.loop.passStarted
        guard count > 0 else { return 0 }
        guard headDelivered else {
            failure = HTTPClientError.network(
                reason: .protocolError("body bytes came before the head"), requestSent: true)
            return 0
        }
        if bytesPasses.last != lastActivity { bytesPasses = (lastActivity, bytesPasses.last) }
        switch buffer.admit(count, gathered: gatherer.count) {
        case .take:
            let full = gatherer.add(UnsafeRawBufferPointer(start: data, count: count), spare: buffer.reusableArray)
            if let full { buffer.publish(full) }
            engine.loop.markForFlush(self)
            return count
        case .pause:
            if let chunk = gatherer.take() { buffer.publish(chunk) }
            recvPaused = true
            return CCURL_WRITEFUNC_PAUSE
        case .drop:
            return count
        }
    }

    func readRequestBody(_ destination: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
        guard let source else { return 0 }
        switch source.read(into: UnsafeMutableRawBufferPointer(start: destination, count: capacity)) {
        case .bytes(let count):
            lastActivity = engine.loop.passStarted
            bytesSent += Int64(count)
            return count
        case .end:
            return 0
        case .wait:
            sendPaused = true
            return CCURL_READFUNC_PAUSE
        case .failed(let error):
            failure = error
            return CCURL_READFUNC_ABORT
        }
    }

    // MARK: Loop steps

    /// The time limit that ran out by `now`, or the time the next one runs out.
    func timer(now: UInt64) -> (expired: HTTPClientError.TimeLimit?, due: UInt64?) {
        var due: UInt64?
        if let deadlineAt, let deadline = limits.deadline {
            if now >= deadlineAt { return (.deadline(deadline), nil) }
            due = deadlineAt
        }
        if let idleNanoseconds, let idle = limits.idleTimeout, !recvPaused, !sendPaused {
            let idleAt = lastActivity &+ idleNanoseconds
            if now >= idleAt { return (.idle(idle), nil) }
            due = min(due ?? idleAt, idleAt)
        }
        return (nil, due)
    }

    /// The error for a time limit that ran out.
    func timeoutError(_ limit: HTTPClientError.TimeLimit) -> HTTPClientError {
        .network(reason: .timedOut(limit), requestSent: requestMayHaveBeenSent)
    }

    /// Whether any of the request may have reached the server.
    private var requestMayHaveBeenSent: Bool {
        var requestSize = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_REQUEST_SIZE, &requestSize)
        return requestSize > 0 || bytesSent > 0 || headBytes > 0
    }

    /// Lets libcurl go on in the directions whose reason to pause is gone.
    func resumeIfReady() {
        var mask: Int32 = 0
        var changed = false
        if recvPaused {
            if buffer.isPausedForReader {
                mask |= CCURL_PAUSE_RECV
            } else {
                recvPaused = false
                changed = true
            }
        }
        if sendPaused {
            if source?.hasProgress == false {
                mask |= CCURL_PAUSE_SEND
            } else {
                sendPaused = false
                changed = true
            }
        }
        guard changed else { return }
        lastActivity = engine.loop.passStarted
        _ = curl_easy_pause(easy, mask)
    }

    /// The error for libcurl's result `code`, nil for success.
    func error(for code: CURLcode) -> (any Error)? {
        if code == CURLE_OK { return headDelivered ? nil : (failure ?? noAnswer) }
        if let failure { return failure }
        let detail =
            handle.errorBuffer[0] != 0 ? String(cString: handle.errorBuffer) : String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
            CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_CLIENTCERT, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_OPERATION_TIMEDOUT,
            CURLE_UNSUPPORTED_PROTOCOL:
            return HTTPClientError.noConnection(reason: "\(target.origin): \(detail)")
        case CURLE_URL_MALFORMAT:
            return HTTPClientError.invalidRequest(reason: "libcurl cannot parse the URL")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            return HTTPClientError.network(reason: .protocolError(detail), requestSent: true)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            return HTTPClientError.network(reason: .connectionLost(detail), requestSent: true)
        default:
            return HTTPClientError.network(reason: .connectionLost(detail), requestSent: requestMayHaveBeenSent)
        }
    }

    private var noAnswer: HTTPClientError {
        .network(reason: .connectionLost("the transfer ended without a response head"), requestSent: true)
    }

    /// Ends the transfer after the loop took it off the multi handle: wakes `send` or the body's reader.
    func finish(_ error: (any Error)?) {
        let (head, pump) = shared.withLock { shared in
            defer {
                shared.head = nil
                shared.pump = nil
            }
            return (shared.head, shared.pump)
        }
        pump?.cancel()
        source?.close()
        if let chunk = gatherer.take() { buffer.publish(chunk) }
        buffer.finish(error)
        if let pendingHead, !(error is CancellationError) {
            // The head arrived; an error after it reaches the body's reader instead.
            self.pendingHead = nil
            head?.resume(returning: handOver(pendingHead, ended: error == nil))
        } else if let head {
            head.resume(throwing: error ?? noAnswer)
        }
    }
}

#endif
