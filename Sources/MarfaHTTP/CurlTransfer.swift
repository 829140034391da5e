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
    let easy: UnsafeMutableRawPointer
    let target: RequestTarget
    let method: HTTPMethod
    let limits: CurlTransport.Limits
    let source: RequestBodySource?
    let buffer: ResponseBodyBuffer
    private let maxHeadBytes: Int
    private let deadlineAt: UInt64?
    private let idleNanoseconds: UInt64?
    private let headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private struct Shared: ~Copyable {
        var head: CheckedContinuation<Head, any Error>?
        var canceled = false
        var pump: Task<Void, Never>?
    }
    private let shared = Mutex(Shared())

    // loop
    /// The head, kept until the loop's next `flush` hands it to `send`.
    private var pendingHead: Head?
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
        buffer = ResponseBodyBuffer(bound: configuration.responseBufferBytes)
        let now = MonotonicTime.now()
        lastActivity = now
        deadlineAt = limits.deadline.map { now &+ MonotonicTime.nanoseconds($0) }
        idleNanoseconds = limits.idleTimeout.map(MonotonicTime.nanoseconds)

        let method = request.method.rawValue
        try RequestHeadRules.checkMethod(method)
        let sendsBody: Bool
        if let body {
            if let bytes = body.bytesInMemory {
                source = RequestBodySource(bytes: bytes)
            } else {
                let length: Int64? = if case .known(let count) = body.length { count } else { nil }
                source = RequestBodySource(length: length, bound: configuration.requestBufferBytes)
            }
            sendsBody = true
        } else if RequestHeadRules.sendsEmptyBody(method) {
            source = RequestBodySource(bytes: [])
            sendsBody = true
        } else {
            source = nil
            sendsBody = false
        }
        headerList = try Self.headerList(request.headerFields, sendsBody: sendsBody)

        easy = engine.loop.takeEasyHandle()
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        configure(method: method, configuration: configuration)
    }

    deinit {
        errorBuffer.deallocate()
        if let headerList { curl_slist_free_all(headerList) }
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

    private func configure(method: String, configuration: CurlTransport.Configuration) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        func set(_ option: CURLoption, _ value: Int) { _ = ccurl_easy_setopt_long(easy, option, value) }
        func set(_ option: CURLoption, _ value: String) {
            _ = value.withCString { ccurl_easy_setopt_ptr(easy, option, $0) }
        }
        set(CURLOPT_URL, target.url)
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        set(CURLOPT_FOLLOWLOCATION, 0)
        set(CURLOPT_HTTP_VERSION, CCURL_HTTP_VERSION_2TLS)
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        if let file = configuration.trustedCertificatesFile { set(CURLOPT_CAINFO, file) }
        set(CURLOPT_CONNECTTIMEOUT_MS, MonotonicTime.milliseconds(configuration.connectTimeout))
        set(CURLOPT_TCP_KEEPALIVE, 1)
        // Waiting for a connection to tell whether it multiplexes pays only where it can (HTTP/2
        // over TLS, known once the handshake is done). Over plain HTTP it would hold every other
        // call to the origin until the first call's answer begins, even one waiting for its body.
        if target.url.hasPrefix("https:") { set(CURLOPT_PIPEWAIT, 1) }
        set(CURLOPT_PATH_AS_IS, 1)
        set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        // Pieces of up to a quarter of the bound (at most 256 KiB, libcurl would take 16 KiB) mean fewer
        // callbacks, chunks and wake-ups for big bodies.
        set(CURLOPT_BUFFERSIZE, min(max(buffer.bound / 4, 16 << 10), 256 << 10))
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        if let headerList { _ = ccurl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, headerList) }

        switch method {
        case "GET" where source == nil: set(CURLOPT_HTTPGET, 1)
        case "HEAD" where source == nil: set(CURLOPT_NOBODY, 1)
        default: set(CURLOPT_CUSTOMREQUEST, method)
        }
        if let source {
            set(CURLOPT_UPLOAD, 1)
            _ = ccurl_easy_setopt_off(easy, CURLOPT_INFILESIZE_LARGE, Int(source.declaredLength ?? -1))
            _ = ccurl_easy_setopt_write(easy, CURLOPT_READFUNCTION) { buffer, size, count, me in
                Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readRequestBody(buffer, size * count)
            }
            _ = ccurl_easy_setopt_ptr(easy, CURLOPT_READDATA, me)
            _ = ccurl_easy_setopt_seek(easy, CURLOPT_SEEKFUNCTION) { me, offset, origin in
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue()
                return offset == 0 && origin == SEEK_SET && transfer.source?.rewind() == true
                    ? CCURL_SEEKFUNC_OK : CCURL_SEEKFUNC_CANTSEEK
            }
            _ = ccurl_easy_setopt_ptr(easy, CURLOPT_SEEKDATA, me)
        }
        _ = ccurl_easy_setopt_write(easy, CURLOPT_HEADERFUNCTION) { line, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readHeaderLine(line, size * count)
        }
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, me)
        _ = ccurl_easy_setopt_write(easy, CURLOPT_WRITEFUNCTION) { data, size, count, me in
            Unmanaged<CurlTransfer>.fromOpaque(me!).takeUnretainedValue().readBody(data, size * count)
        }
        _ = ccurl_easy_setopt_ptr(easy, CURLOPT_WRITEDATA, me)
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

    private func readHeaderLine(_ line: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = MonotonicTime.now()
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
        let hasBody = method != .head && status != 204 && status != 304 && !(100..<200).contains(status)
        var body: HTTPBody?
        if hasBody {
            var length = HTTPBody.Length.unknown
            if response.headerFields["Transfer-Encoding"] == nil,
                let text = response.headerFields["Content-Length"], let count = Int64(text), count >= 0
            {
                length = .known(count)
            }
            body = HTTPBody(ResponseChunks(reader: ResponseBodyReader(producer: self)), length: length)
        }
        pendingHead = (response, body)
        engine.loop.markForFlush(self)
    }

    /// Hands a new head to `send` and new bytes to a waiting reader; called by the loop once per pass.
    /// True when a head was handed over.
    func flush() -> Bool {
        needsFlush = false
        var handed = false
        if let head = pendingHead {
            pendingHead = nil
            let continuation = shared.withLock { shared in
                defer { shared.head = nil }
                return shared.head
            }
            continuation?.resume(returning: head)
            handed = true
        }
        if buffer.wakeReader() { engine.loop.post(.resume(self)) }
        return handed
    }

    private func readBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        lastActivity = MonotonicTime.now()
        guard count > 0 else { return 0 }
        guard headDelivered else {
            failure = HTTPClientError.network(
                reason: .protocolError("body bytes came before the head"), requestSent: true)
            return 0
        }
        switch buffer.offer(UnsafeRawBufferPointer(start: data, count: count)) {
        case .taken(let readerWaiting):
            if readerWaiting { engine.loop.markForFlush(self) }
            return count
        case .pause:
            recvPaused = true
            return CCURL_WRITEFUNC_PAUSE
        }
    }

    private func readRequestBody(_ destination: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> Int {
        guard let source else { return 0 }
        switch source.read(into: UnsafeMutableRawBufferPointer(start: destination, count: capacity)) {
        case .bytes(let count):
            lastActivity = MonotonicTime.now()
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
        lastActivity = MonotonicTime.now()
        _ = curl_easy_pause(easy, mask)
    }

    /// The error for libcurl's result `code`, nil for success.
    func error(for code: CURLcode) -> (any Error)? {
        if code == CURLE_OK { return headDelivered ? nil : (failure ?? noAnswer) }
        if let failure { return failure }
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
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
        buffer.finish(error)
        if let pendingHead, !(error is CancellationError) {
            // The head arrived; an error after it reaches the body's reader instead.
            self.pendingHead = nil
            head?.resume(returning: pendingHead)
        } else if let head {
            head.resume(throwing: error ?? noAnswer)
        }
    }
}

#endif
