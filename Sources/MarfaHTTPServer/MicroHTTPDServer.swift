import CMicroHTTPD
import Foundation
import MarfaHTTP
import MarfaOpenAPIRuntime
import Synchronization

/// A `ServerTransport` on libmicrohttpd, listening on one address with one internal polling thread.
///
/// - Routes: `register(_:method:path:)` takes templates such as `/items/{id}`; `registerFallback`
///   takes every path no template matches. No route answers 404; a route for other methods answers
///   405 with `Allow`. Routes may be added before or after `start()`.
/// - Each handler runs in its own task while its connection is suspended. A thrown
///   `HTTPResponseConvertible` error answers its response; any other error answers 500 with a short
///   plain-text body.
/// - Request bodies are collected up to `maxBodyBytes`; a longer one is answered 413. Routes named
///   by `spoolBodies(method:path:_:)` hand each piece to a `RequestBodySpool` instead. A request
///   target over `maxTargetBytes` is answered 414, a head over `maxHeaderBytes` or
///   `maxHeaderCount` fields 431; a request whose framing is ambiguous (RFC 9112 §6: both
///   `Content-Length` and `Transfer-Encoding`, differing or unreadable `Content-Length`s), an
///   HTTP/1.1 request without exactly one `Host`, or a field name with a space is answered 400, and
///   the connection closed after each of these.
/// - A response body in memory is sent from a copy; any other body is streamed chunk by chunk as
///   the handler's `HTTPBody` yields it (chunked when its length is unknown), so event streams work.
///
/// Shutting down: `shutdown()` raises `isStopping` and wakes `untilStopping()`, stops accepting
/// connections, answers new requests 503, cancels running handlers' tasks, and ends every streamed
/// response cleanly after the bytes already queued — the tasks reading those bodies are canceled,
/// so an `AsyncStream` behind one sees its termination. After `shutdownGracePeriod` whatever is left
/// is answered 503 or cut off, and the daemon stops.
public final class MicroHTTPDServer: ServerTransport, Sendable {
    public let configuration: Configuration
    private let core: MHDServerCore

    private struct DaemonHandle: @unchecked Sendable { let pointer: OpaquePointer }
    private enum Phase { case idle, running, stopping, stopped }
    private struct Lifecycle: ~Copyable {
        var phase = Phase.idle
        var daemon: DaemonHandle?
        var port = 0
    }
    private let lifecycle = Mutex(Lifecycle())
    private let stopped = OneShotSignal()

    public convenience init(host: String = "127.0.0.1", port: Int = 0, maxBodyBytes: Int = 16 << 20) {
        self.init(configuration: Configuration(host: host, port: port, maxBodyBytes: maxBodyBytes))
    }

    /// A server with `configuration`; the refusals it answers itself (404, 405, 413, 414, 431,
    /// 400 for a request whose framing is ambiguous, 503 while stopping) are worded by `refusal`,
    /// plain text by default.
    public init(configuration: Configuration, refusal: @escaping RefusalFormat = MicroHTTPDServer.plainTextRefusal) {
        self.configuration = configuration
        core = MHDServerCore(configuration: configuration, refusal: refusal)
    }

    /// How a refusal the server answers itself is worded: its status, a short snake_case code and a
    /// sentence in; the head (without `Content-Length`) and body out.
    public typealias RefusalFormat =
        @Sendable (_ status: Int, _ code: String, _ message: String) -> (HTTPResponse, HTTPBody?)

    /// The default wording: the sentence as `text/plain`.
    public static let plainTextRefusal: RefusalFormat = { status, _, message in
        MHDServerCore.plainResponse(status, message + "\n")
    }

    deinit {
        if let daemon = lifecycle.withLock({ $0.phase == .running ? $0.daemon : nil }) {
            Self.stopNow(daemon.pointer, core: core)
        }
    }

    /// Routes `method` requests on the path template `path` to `handler`.
    public func register(_ handler: @escaping ServerHandler, method: HTTPMethod, path: String) throws {
        try core.routes.register(handler, method: method, template: path)
    }

    /// Makes the spool that takes one request's body, from its head.
    public typealias SpoolMaker = @Sendable (HTTPRequest) -> any RequestBodySpool

    /// Spools the bodies of `method` requests on `path` (an exact path, not a template) through
    /// the spool `make` answers for each, instead of collecting them in memory up to
    /// `maxBodyBytes`: the spool's own `limit` applies, and the handler reads the body its
    /// `finish()` answers.
    public func spoolBodies(method: HTTPMethod, path: String, _ make: @escaping SpoolMaker) {
        core.spoolBodies(method: method, path: path, make)
    }

    /// Routes requests whose path no template matches to `handler`, replacing an earlier fallback.
    public func registerFallback(_ handler: @escaping ServerHandler) {
        core.routes.registerFallback(handler)
    }

    /// Starts listening; afterwards `port` and `url` tell where.
    public func start() throws {
        let config = configuration
        guard (0...65535).contains(config.port) else { throw StartError.invalidPort(config.port) }
        guard let address = SocketAddress(host: config.host, port: UInt16(config.port)) else {
            throw StartError.invalidHost(config.host)
        }
        try lifecycle.withLock { lifecycle in
            guard lifecycle.phase == .idle else { throw StartError.alreadyStarted }
            var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            flags |= MHD_is_feature_supported(.FEATURE_EPOLL) == .YES ? MHD_USE_EPOLL.rawValue : MHD_USE_POLL.rawValue
            if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
            let timeout = config.connectionTimeout.map { UInt32(clamping: max($0.components.seconds, 1)) } ?? 0
            let core = Unmanaged.passUnretained(self.core).toOpaque()
            let daemon = address.withSockaddr { sockaddr in
                cmhd_start_daemon(
                    flags, sockaddr,
                    { core, connection, _, method, version, upload, uploadSize, slot in
                        guard let core, let connection, let uploadSize, let slot else { return .NO }
                        let server = Unmanaged<MHDServerCore>.fromOpaque(core).takeUnretainedValue()
                        if slot.pointee == nil { slot.pointee = server.begin(target: "/", connection: connection) }
                        let context = Unmanaged<MHDRequestContext>.fromOpaque(slot.pointee!).takeUnretainedValue()
                        return server.access(
                            context, method: method, version: version, upload: upload, uploadSize: uploadSize)
                    }, core,
                    { core, _, slot, _ in
                        guard let core, let slot, let raw = slot.pointee else { return }
                        slot.pointee = nil
                        Unmanaged<MHDServerCore>.fromOpaque(core).takeUnretainedValue().completed(raw)
                    }, core,
                    { core, uri, connection in
                        guard let core, let connection else { return nil }
                        return Unmanaged<MHDServerCore>.fromOpaque(core).takeUnretainedValue()
                            .begin(target: uri.map { String(cString: $0) } ?? "/", connection: connection)
                    }, core,
                    timeout, config.connectionMemoryBytes, UInt32(clamping: max(config.maxConnections, 1)))
            }
            guard let daemon else { throw StartError.daemonFailed(host: config.host, port: config.port) }
            lifecycle.daemon = DaemonHandle(pointer: daemon)
            lifecycle.port = Int(cmhd_bind_port(daemon))
            lifecycle.phase = .running
        }
    }

    /// The port the server listens on, once started (0 before).
    public var port: Int { lifecycle.withLock { $0.port } }

    /// `http://HOST:PORT` of the running server; a wildcard host is shown as the loopback address.
    public var url: URL {
        var host = configuration.host
        if host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }
        return URL(string: "http://\(host):\(port)")!
    }

    /// Whether `shutdown()` has begun.
    public var isStopping: Bool { core.stopping.isRaised }

    /// Returns when `shutdown()` begins (or at once when the calling task is canceled): for handlers
    /// of long-lived responses that should wind down.
    public func untilStopping() async { await core.stopping.wait() }

    /// Stops the server as described on the type, and returns when the daemon has stopped. Calling it
    /// again, or on a server never started, returns when that is done.
    public func shutdown() async {
        let daemon: DaemonHandle? = lifecycle.withLock { lifecycle in
            switch lifecycle.phase {
            case .idle:
                lifecycle.phase = .stopped
                return nil
            case .running:
                lifecycle.phase = .stopping
                return lifecycle.daemon
            case .stopping, .stopped:
                return nil
            }
        }
        guard let daemon else {
            core.stopping.raise()
            if lifecycle.withLock({ $0.phase == .stopped }) { stopped.raise() }
            await stopped.wait()
            return
        }
        core.stopping.raise()
        let listener = MHD_quiesce_daemon(daemon.pointer)
        for context in core.openRequests { context.beginShutdown() }
        let graceEnd = ContinuousClock.now + configuration.shutdownGracePeriod
        while !core.openRequests.isEmpty && ContinuousClock.now < graceEnd {
            try? await Task.sleep(for: .milliseconds(5))
        }
        Self.stopNow(daemon.pointer, core: core, listener: listener)
        lifecycle.withLock {
            $0.phase = .stopped
            $0.daemon = nil
        }
        stopped.raise()
    }

    /// Answers what is still open 503 or cuts it off, waits briefly for those answers, stops the daemon.
    private static func stopNow(_ daemon: OpaquePointer, core: MHDServerCore, listener: Int32 = -1) {
        core.stopping.raise()
        for context in core.openRequests {
            context.beginShutdown()
            context.forceEnd(with: core.shuttingDown)
        }
        let end = ContinuousClock.now + .seconds(1)
        while !core.openRequests.isEmpty && ContinuousClock.now < end { usleep(2_000) }
        MHD_stop_daemon(daemon)
        if listener >= 0 { close(listener) }
    }
}
