import CMicroHTTPD
import MarfaHTTP
import MarfaOpenAPIRuntime
import Synchronization

/// The part of a `MicroHTTPDServer` that libmicrohttpd's callbacks reach: it turns requests into
/// handler calls and their answers into responses, and keeps the open requests for shutdown.
///
/// Everything here named "daemon thread" runs on libmicrohttpd's one internal polling thread.
final class MHDServerCore: @unchecked Sendable {
    let configuration: MicroHTTPDServer.Configuration
    /// How the server words the refusals it answers itself.
    let refusal: MicroHTTPDServer.RefusalFormat
    let routes = ServerRoutes()
    let stopping = OneShotSignal()
    private let open = Mutex<[ObjectIdentifier: MHDRequestContext]>([:])
    /// What makes the spool of each spooled route, by `"METHOD /path"`.
    private let spoolMakers = Mutex<[String: MicroHTTPDServer.SpoolMaker]>([:])

    init(configuration: MicroHTTPDServer.Configuration, refusal: @escaping MicroHTTPDServer.RefusalFormat) {
        self.configuration = configuration
        self.refusal = refusal
    }

    /// How many body bytes are read (and dropped) before a request longer than `limit` is cut off
    /// instead of answered 413.
    private static func drainLimit(for limit: Int) -> Int {
        let limit = max(limit, 0)
        return max(2 * limit, limit + (1 << 20))
    }

    /// Spools the bodies of `method` requests on `path` (exact, without a query) through `make`.
    func spoolBodies(method: HTTPMethod, path: String, _ make: @escaping MicroHTTPDServer.SpoolMaker) {
        spoolMakers.withLock { $0["\(method.rawValue.uppercased()) \(path)"] = make }
    }

    /// The spool for a request, when its route spools bodies.
    private func spool(for context: MHDRequestContext) -> (any RequestBodySpool)? {
        let request = HTTPRequest(
            method: context.method, path: Self.originPath(context.target), headerFields: context.headers)
        let key = "\(context.method.rawValue.uppercased()) \(request.pathOnly)"
        guard let make = spoolMakers.withLock({ $0[key] }) else { return nil }
        return make(request)
    }

    /// The requests between their request line and their completion.
    var openRequests: [MHDRequestContext] { open.withLock { Array($0.values) } }

    // MARK: Request life, daemon thread

    /// A request line arrived: its context, retained until `completed`.
    func begin(target: String, connection: OpaquePointer) -> UnsafeMutableRawPointer {
        let context = MHDRequestContext(target: target, connection: connection)
        open.withLock { $0[ObjectIdentifier(context)] = context }
        return Unmanaged.passRetained(context).toOpaque()
    }

    /// The request ended; its context is released.
    func completed(_ raw: UnsafeMutableRawPointer) {
        let context = Unmanaged<MHDRequestContext>.fromOpaque(raw).takeRetainedValue()
        open.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(context)) }
        context.connectionClosed()
        context.spool?.discard()
        context.spool = nil
    }

    /// libmicrohttpd's access handler: called with the head, with each piece of the body, after the
    /// body, and again after the connection is resumed with the handler's answer.
    func access(
        _ context: MHDRequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .new:
            return begin(context, method: method, version: version)
        case .receiving:
            let size = uploadSize.pointee
            if size > 0 {
                receive(UnsafeRawBufferPointer(start: upload, count: size), into: context)
                uploadSize.pointee = 0
                return context.bodyBytesSeen > Self.drainLimit(for: bodyLimit(of: context)) ? .NO : .YES
            }
            if let refused = context.refused { return queue(refused, on: context) }
            if context.tooLarge { return queue(tooLarge, on: context) }
            if stopping.isRaised { return queue(shuttingDown, on: context) }
            return dispatch(context)
        case .handling:
            guard let answer = context.takeResult() else { return .YES }
            return queue(answer, on: context)
        case .responding:
            return .YES
        }
    }

    /// The first call: reads the head, refuses what it can refuse before the body, finds the spool.
    private func begin(
        _ context: MHDRequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        context.method = HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "GET")
        context.headers = Self.headers(of: context.connection)
        let length = context.headers["Content-Length"].flatMap { Int($0.trimmingCharacters(in: " \t")) }
        context.declaresBody = length != nil || context.headers.contains("Transfer-Encoding")
        context.phase = .receiving
        if stopping.isRaised { return queue(shuttingDown, on: context) }
        let head = RequestHead(
            target: context.target, version: version.map { String(cString: $0) } ?? "", headers: context.headers)
        if let problem = head.problem(limits: configuration) {
            return queue(refusal(problem.status, problem.code, problem.message), closing: true, on: context)
        }
        if context.declaresBody { context.spool = spool(for: context) }
        let limit = bodyLimit(of: context)
        if let length, length > limit {
            let expects = context.headers["Expect"]?.lowercased() == "100-continue"
            let answer = context.spool?.tooLarge ?? tooLarge
            if expects || length > Self.drainLimit(for: limit) { return queue(answer, on: context) }
            refuse(context, with: answer)
        }
        return .YES
    }

    /// The most body bytes `context` takes: its spool's limit, else `maxBodyBytes`.
    private func bodyLimit(of context: MHDRequestContext) -> Int {
        context.spool?.limit ?? configuration.maxBodyBytes
    }

    /// Takes one piece of the body: into the spool or memory, or dropped once the request is refused.
    private func receive(_ piece: UnsafeRawBufferPointer, into context: MHDRequestContext) {
        context.bodyBytesSeen += piece.count
        guard context.refused == nil, !context.tooLarge else { return }
        guard let spool = context.spool else {
            if context.body.count + piece.count <= configuration.maxBodyBytes {
                context.body.append(contentsOf: piece)
            } else {
                context.tooLarge = true
                context.body = []
            }
            return
        }
        guard context.bodyBytesSeen <= spool.limit else { return refuse(context, with: spool.tooLarge) }
        do {
            try spool.append(piece)
        } catch {
            refuse(context, with: answer(to: error))
        }
    }

    /// Answers `context` with `answer` once its body has arrived; a spool leaves nothing behind.
    private func refuse(_ context: MHDRequestContext, with answer: (HTTPResponse, HTTPBody?)) {
        context.refused = answer
        context.spool?.discard()
    }

    /// The answer to an error a handler or a spool threw.
    private func answer(to error: any Error) -> (HTTPResponse, HTTPBody?) {
        if let error = error as? any HTTPResponseConvertible { return error.httpResponse }
        return refusal(500, "internal_error", "Internal Server Error")
    }

    private var tooLarge: (HTTPResponse, HTTPBody?) {
        refusal(
            413, "request_too_large",
            "The request body is larger than the limit of \(configuration.maxBodyBytes) bytes.")
    }

    /// The 503 for a request that arrives, or is still running, while the server stops.
    var shuttingDown: (HTTPResponse, HTTPBody?) {
        var answer = refusal(503, "server_stopping", "The server is shutting down.")
        answer.0.headerFields["Connection"] = "close"
        return answer
    }

    /// Routes a complete request and starts its handler, or answers 404 or 405 (always for
    /// `CONNECT`, which names no path: this server is no proxy).
    private func dispatch(_ context: MHDRequestContext) -> MHD_Result {
        if context.method.rawValue.uppercased() == "CONNECT" {
            return queue(
                refusal(405, "method_not_allowed", "The method CONNECT is not allowed: this server is no proxy."),
                closing: true, on: context)
        }
        let request = HTTPRequest(
            method: context.method, path: Self.originPath(context.target), headerFields: context.headers)
        let body: HTTPBody?
        do {
            body = try context.spool?.finish() ?? (context.declaresBody ? HTTPBody(context.body) : nil)
        } catch {
            return queue(answer(to: error), on: context)
        }
        context.body = []
        switch routes.route(method: request.method, path: request.pathOnly) {
        case .handler(let handler, let metadata):
            context.runHandler {
                do {
                    return try await handler(request, body, metadata)
                } catch {
                    return self.answer(to: error)
                }
            }
            return .YES
        case .notFound:
            return queue(refusal(404, "not_found", "No resource at this path."), on: context)
        case .methodNotAllowed(let allowed):
            var response = refusal(405, "method_not_allowed", "The method \(request.method) is not allowed here.")
            response.0.headerFields["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            return queue(response, on: context)
        }
    }

    /// Queues `answer` on the connection: from memory, or streamed from its body. `closing` closes
    /// the connection after it, for a request whose framing cannot be trusted. A spooled body the
    /// handler didn't keep is removed first, so a client that reads the answer finds nothing of it.
    private func queue(
        _ answer: (HTTPResponse, HTTPBody?), closing: Bool = false, on context: MHDRequestContext
    ) -> MHD_Result {
        context.phase = .responding
        context.spool?.discard()
        var (head, body) = answer
        if closing { head.headerFields["Connection"] = "close" }
        let status = (100...999).contains(head.status.code) ? head.status.code : 500
        let bodyless = status == 204 || status == 304 || (100..<200).contains(status)
        let response: OpaquePointer?
        if bodyless || body == nil || body?.bytesInMemory != nil {
            let bytes = bodyless ? [] : body?.bytesInMemory ?? []
            response = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        } else if let body {
            let stream = MHDStreamedResponse(connection: context.connection, bound: configuration.streamBufferBytes)
            let size: UInt64 =
                if case .known(let count) = body.length, count >= 0 { UInt64(count) } else { CMHD_SIZE_UNKNOWN }
            let retained = Unmanaged.passRetained(stream).toOpaque()
            response = MHD_create_response_from_callback(
                size, 64 << 10,
                { raw, _, buffer, capacity in
                    Unmanaged<MHDStreamedResponse>.fromOpaque(raw!).takeUnretainedValue()
                        .read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
                }, retained,
                { raw in Unmanaged<MHDStreamedResponse>.fromOpaque(raw!).release() })
            if response == nil {
                Unmanaged<MHDStreamedResponse>.fromOpaque(retained).release()
            } else {
                context.attach(stream)
                stream.start(reading: body)
            }
        } else {
            response = nil
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for field in head.headerFields {
            switch field.name.lowercased() {
            case "content-length", "transfer-encoding": continue
            default: _ = MHD_add_response_header(response, field.name, field.value)
            }
        }
        return MHD_queue_response(context.connection, UInt32(status), response)
    }

    /// The request target in origin form: an absolute-form target (`http://host/path`) loses its
    /// scheme and authority.
    private static func originPath(_ target: String) -> String {
        var path = Substring(target)
        if !path.hasPrefix("/"), let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...].drop { $0 != "/" }
            if path.isEmpty { path = "/" }
        }
        return String(path)
    }

    /// Every request header field, in order.
    private static func headers(of connection: OpaquePointer) -> HTTPFields {
        var fields: [HTTPFields.Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { list, _, key, value in
                    guard let list, let key else { return .YES }
                    list.assumingMemoryBound(to: [HTTPFields.Field].self).pointee.append(
                        HTTPFields.Field(name: String(cString: key), value: value.map { String(cString: $0) } ?? ""))
                    return .YES
                }, pointer)
        }
        return HTTPFields(fields)
    }

    /// A short plain-text answer.
    static func plainResponse(_ status: Int, _ text: String, close: Bool = false) -> (HTTPResponse, HTTPBody?) {
        var fields: HTTPFields = ["Content-Type": "text/plain; charset=utf-8"]
        if close { fields["Connection"] = "close" }
        return (HTTPResponse(status: status, headerFields: fields), HTTPBody(text))
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
