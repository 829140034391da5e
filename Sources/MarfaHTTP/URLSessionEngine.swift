import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the copies of one `URLSessionTransport` share: its `URLSession`, the delegate that routes
/// the session's events to the calls, and the queues calls use. The session is invalidated when
/// the last transport copy and the last call holding the engine are gone.
final class URLSessionEngine: Sendable {
    /// Counters for tests and benchmarks.
    struct Statistics: Sendable, Equatable {
        /// Calls that ended, in any way.
        var transfersFinished = 0
        /// The most response bytes that waited for a reader at once, over all calls.
        var maxBufferedResponseBytes = 0
        /// How often a call's reader fell more than the buffer's bound behind.
        var receivePauses = 0
    }

    let configuration: URLSessionTransport.Configuration
    let events = URLSessionEvents()
    let bases = BaseURLCache()
    /// Where tasks are resumed, suspended and canceled: these calls can wait for URLSession's own
    /// queue, so they never run on Swift's cooperative pool. Serial, so they happen in order.
    let control = DispatchQueue(label: "URLSessionTransport.control")
    /// Where the calls' time-limit timers fire.
    let timers = DispatchQueue(label: "URLSessionTransport.timers")
    /// Where the session's delegate events run (held here: `OperationQueue.underlyingQueue` does
    /// not keep its queue alive on every platform).
    private let eventQueue = DispatchQueue(label: "URLSessionTransport.events")
    private let box: SessionBox
    private let counters = Mutex(Statistics())

    /// A `URLSession` that may cross threads (Apple's is thread-safe; FoundationNetworking's too).
    struct SessionBox: @unchecked Sendable { let session: URLSession }

    init(configuration: URLSessionTransport.Configuration) {
        self.configuration = configuration
        box = SessionBox(session: Self.makeSession(configuration, events: events, on: eventQueue))
    }

    deinit { box.session.finishTasksAndInvalidate() }

    /// The session every call of the transport runs on.
    var session: URLSession { box.session }

    var statistics: Statistics { counters.withLock { $0 } }

    /// Counts a call that ended, with its buffer's high-water mark and pauses.
    func count(finished buffer: ResponseBodyBuffer) {
        let (highWater, pauses) = buffer.statistics
        counters.withLock { counters in
            counters.transfersFinished += 1
            counters.maxBufferedResponseBytes = max(counters.maxBufferedResponseBytes, highWater)
            counters.receivePauses += pauses
        }
    }

    /// An ephemeral session that stores nothing (no cache, cookies or credentials), follows no
    /// redirect itself (the delegate refuses them), and leaves time limits to the transport.
    private static func makeSession(
        _ configuration: URLSessionTransport.Configuration, events: URLSessionEvents, on eventQueue: DispatchQueue
    ) -> URLSession {
        let settings = URLSessionConfiguration.ephemeral
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.httpCookieAcceptPolicy = .never
        settings.urlCredentialStorage = nil
        settings.timeoutIntervalForRequest = Self.noTimeLimit
        settings.timeoutIntervalForResource = Self.noTimeLimit
        settings.httpMaximumConnectionsPerHost = connectionsPerHost(configuration.maxConnectionsPerHost)
        let queue = OperationQueue()
        queue.name = "URLSessionTransport.events"
        queue.maxConcurrentOperationCount = 1
        // A serial queue of its own: an operation queue otherwise runs on the shared worker threads,
        // which on Linux are also Swift's task threads, so busy tasks would hold up every event.
        queue.underlyingQueue = eventQueue
        return URLSession(configuration: settings, delegate: events, delegateQueue: queue)
    }

    /// URLSession's own time-outs, far beyond any call's: the transport enforces its limits itself,
    /// with the same errors as `CurlTransport`. Ten years, in seconds.
    static let noTimeLimit: TimeInterval = 315_360_000

    /// The session's per-host connection limit for `limit` (0 for none): FoundationNetworking hands
    /// it to libcurl, where 0 means no limit; Apple's URLSession needs a number.
    private static func connectionsPerHost(_ limit: Int) -> Int {
        if limit > 0 { return limit }
        #if canImport(FoundationNetworking)
        return 0
        #else
        return 1 << 16
        #endif
    }
}
