#if canImport(CCurl)
import CCurl
import Foundation
import Synchronization

/// One thread that drives all transfers of a transport through one libcurl multi handle, whose
/// connection cache lets requests to the same origin reuse connections (and share one HTTP/2
/// connection where the server offers it).
///
/// Other threads talk to the loop only through `post`, which queues a command and wakes the thread
/// from `curl_multi_poll`; every libcurl call on the multi handle and on added easy handles, and
/// every callback, happens on the loop's thread.
///
/// One pass: take the commands, `curl_multi_perform`, end finished transfers, hand the heads and
/// body bytes that arrived to their waiters (once per pass, not per callback; see
/// `CurlTransfer.flush` for bytes that keep streaming), abort transfers past a time limit, then
/// sleep in `curl_multi_poll` until a socket, a timer or a post wakes it. After a pass that answered
/// a caller the loop may first watch its inbox for a few microseconds (see `CurlPostWatch`).
final class CurlEventLoop: @unchecked Sendable {
    enum Command {
        /// Add the transfer to the multi handle.
        case start(CurlTransfer)
        /// Take the transfer off and end it with the error.
        case abort(CurlTransfer, any Error)
        /// Let a paused transfer go on if its reader or body source is ready.
        case resume(CurlTransfer)
    }

    /// Counters for tests and benchmarks.
    struct Statistics: Sendable, Equatable {
        /// Connections libcurl opened.
        var connectionsOpened = 0
        /// Transfers that ended, in any way.
        var transfersFinished = 0
        /// The most response bytes that waited for a reader at once, over all transfers.
        var maxBufferedResponseBytes = 0
        /// How often a transfer was paused because its reader fell behind.
        var receivePauses = 0
    }

    private struct Inbox: ~Copyable {
        var commands: [Command] = []
        var stopping = false
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    /// Whether the loop is (about to be) asleep in `curl_multi_poll`, so a post has to wake it.
    private let sleeping = Atomic<Bool>(false)
    /// Set by `post`, cleared when the loop takes the inbox: lets the loop watch for work without the lock.
    private let posted = Atomic<Bool>(false)
    /// Whether this pass woke a caller (a head or an end), who may well post again at once. Loop thread only.
    private var handedOver = false
    /// Whether to watch for the caller's next command after waking it. Loop thread only.
    private var watch = CurlPostWatch()
    /// When the last command was posted.
    private let lastPost = Atomic<UInt64>(0)
    private let configuration: CurlTransport.Configuration
    /// Easy handles that no transfer uses, set up for this loop's configuration.
    private let idleHandles = Mutex<[CurlEasyHandle]>([])
    private let counters = Mutex(Statistics())
    private static let maxIdleHandles = 32
    /// Loop thread only.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Transfers with a head or bytes for a waiting reader, to hand over at the end of the pass. Loop thread only.
    private var touched: [CurlTransfer] = []
    /// `touched`'s storage while a pass hands over, kept to save an allocation per pass. Loop thread only.
    private var flushing: [CurlTransfer] = []
    /// When the current pass began: the time of the activity libcurl's callbacks report. Loop thread only.
    private(set) var passStarted: UInt64 = 0
    /// No time limit of an active transfer runs out before this. Loop thread only.
    private var timersDue: UInt64 = 0

    init(configuration: CurlTransport.Configuration) {
        CurlLibrary.initialize()
        self.configuration = configuration
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed") }
        self.multi = multi
        if configuration.maxConnectionsPerHost > 0 {
            _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        }
        if let idle = configuration.maxIdleConnections {
            _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(idle, 1))
        }
        let thread = Thread { [self] in run() }
        thread.name = "CurlTransport"
        thread.start()
    }

    var statistics: Statistics { counters.withLock { $0 } }

    /// Queues `command` for the loop's thread and wakes it.
    func post(_ command: Command) {
        inbox.withLock { $0.commands.append(command) }
        lastPost.store(MonotonicTime.now(), ordering: .relaxed)
        posted.store(true, ordering: .releasing)
        if sleeping.load(ordering: .sequentiallyConsistent) { curl_multi_wakeup(multi) }
    }

    /// Ends the loop: open transfers end with `CancellationError`, the thread frees the multi handle.
    func stop() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    /// An easy handle set up for this loop's transfers: one a finished transfer left, or a new one.
    func takeEasyHandle() -> CurlEasyHandle {
        idleHandles.withLock { $0.popLast() } ?? CurlEasyHandle(configuration: configuration)
    }

    /// Keeps a finished transfer's handle for the next one (up to `maxIdleHandles`), set up anew
    /// after a transfer that failed or was stopped. A handle not kept is cleaned up once its
    /// transfer lets it go.
    private func recycle(_ transfer: CurlTransfer, succeeded: Bool) {
        if !succeeded { transfer.handle.reset() }
        idleHandles.withLock { handles in
            if handles.count < Self.maxIdleHandles { handles.append(transfer.handle) }
        }
    }

    // MARK: The loop's thread

    private func run() {
        var pending: [Command] = []
        while takeCommands(into: &pending) {
            passStarted = MonotonicTime.now()
            if !pending.isEmpty { watch.commandCame(postedAt: lastPost.load(ordering: .relaxed)) }
            for command in pending { handle(command) }
            pending.removeAll(keepingCapacity: true)
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            flushTouched()
            let wait = expireTimers()
            if handedOver {
                handedOver = false
                if watch.answered(at: MonotonicTime.now()) && watchForPost() { continue }
            }
            // A reader left waiting while a streaming body's bytes gather is woken within 1 ms.
            sleep(upTo: touched.isEmpty ? wait : min(wait, 1))
        }
        for transfer in Array(active.values) { end(transfer, CancellationError()) }
        for command in inbox.withLock({ $0.commands }) {
            if case .start(let transfer) = command { transfer.finish(CancellationError()) }
        }
        curl_multi_cleanup(multi)
        idleHandles.withLock { $0 = [] }
    }

    /// Moves the queued commands into `pending`; false once the loop is stopping.
    private func takeCommands(into pending: inout [Command]) -> Bool {
        posted.store(false, ordering: .relaxed)
        return inbox.withLock { inbox in
            swap(&pending, &inbox.commands)
            return !inbox.stopping
        }
    }

    /// Watches the inbox for up to `CurlPostWatch.window`; true when a command came.
    private func watchForPost() -> Bool {
        let until = MonotonicTime.now() + CurlPostWatch.window
        while !posted.load(ordering: .acquiring) {
            if MonotonicTime.now() >= until { return false }
        }
        return true
    }

    /// Sleeps in `curl_multi_poll` for up to `milliseconds`, until a socket, a timer or a post wakes it.
    private func sleep(upTo milliseconds: Int32) {
        // Announce the sleep before the last look at the inbox: a post either lands before that
        // look, or sees the flag and wakes the poll (libcurl's wake-up is sticky).
        sleeping.store(true, ordering: .sequentiallyConsistent)
        if inbox.withLock({ $0.commands.isEmpty && !$0.stopping }) {
            _ = curl_multi_poll(multi, nil, 0, milliseconds, nil)
        }
        sleeping.store(false, ordering: .sequentiallyConsistent)
    }

    private func handle(_ command: Command) {
        switch command {
        case .start(let transfer):
            if transfer.isCanceled {
                transfer.finish(CancellationError())
                return
            }
            let code = curl_multi_add_handle(multi, transfer.easy)
            guard code == CURLM_OK else {
                transfer.finish(HTTPClientError.invalidRequest(reason: String(cString: curl_multi_strerror(code))))
                return
            }
            transfer.lastActivity = passStarted
            active[transfer.easy] = transfer
            timersDue = 0
        case .abort(let transfer, let error):
            if active[transfer.easy] === transfer { end(transfer, error) }
        case .resume(let transfer):
            if active[transfer.easy] === transfer {
                transfer.resumeIfReady()
                timersDue = 0
            }
        }
    }

    /// Queues `transfer` for the hand-over at the end of this pass. Loop thread only.
    func markForFlush(_ transfer: CurlTransfer) {
        guard !transfer.needsFlush else { return }
        transfer.needsFlush = true
        touched.append(transfer)
    }

    /// Wakes `send` callers and readers once for all that arrived in this pass.
    private func flushTouched() {
        guard !touched.isEmpty else { return }
        swap(&touched, &flushing)
        for transfer in flushing where transfer.flush() { handedOver = true }
        flushing.removeAll(keepingCapacity: true)
    }

    /// Ends the transfers libcurl reports done.
    private func collectFinished() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active[easy]
            else { continue }
            let code = message.pointee.data.result
            end(transfer, transfer.error(for: code))
        }
    }

    /// Aborts transfers whose time limit ran out; answers how long to poll, in milliseconds. The
    /// transfers are looked at only once the earliest time found last time has come (or after a
    /// start or a resume): a limit runs out no sooner than that, as activity only moves it later.
    private func expireTimers() -> Int32 {
        guard !active.isEmpty else { return 1000 }
        let now = MonotonicTime.now()
        if now < timersDue { return Int32((min(timersDue - now, 1_000_000_000) + 999_999) / 1_000_000) }
        var next = now + 1_000_000_000
        var expired: [(CurlTransfer, HTTPClientError.TimeLimit)] = []
        for transfer in active.values {
            let (limit, due) = transfer.timer(now: now)
            if let limit { expired.append((transfer, limit)) }
            if let due { next = min(next, due) }
        }
        for (transfer, limit) in expired { end(transfer, transfer.timeoutError(limit)) }
        timersDue = expired.isEmpty ? next : 0
        if !expired.isEmpty { return 0 }
        return Int32((next - now + 999_999) / 1_000_000)
    }

    /// Takes `transfer` off the multi handle, counts it, ends it, and keeps its easy handle for reuse.
    private func end(_ transfer: CurlTransfer, _ error: (any Error)?) {
        curl_multi_remove_handle(multi, transfer.easy)
        active[transfer.easy] = nil
        var connects = 0
        _ = ccurl_easy_getinfo_long(transfer.easy, CURLINFO_NUM_CONNECTS, &connects)
        let buffered = transfer.buffer.statistics
        counters.withLock { counters in
            counters.connectionsOpened += connects
            counters.transfersFinished += 1
            counters.maxBufferedResponseBytes = max(counters.maxBufferedResponseBytes, buffered.highWater)
            counters.receivePauses += buffered.pauses
        }
        transfer.finish(error)
        recycle(transfer, succeeded: error == nil)
        handedOver = true
    }
}
#endif
