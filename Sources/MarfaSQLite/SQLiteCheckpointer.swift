import CSQLite
import Foundation
import Synchronization

/// Keeps a writer's WAL short without making its commits wait: the writer's WAL hook asks for a
/// checkpoint each time the log has grown `threshold` pages since the last request, and a thread
/// of its own runs a `PASSIVE` checkpoint on a connection of its own once the writer has made no
/// commit for `quietPeriod`. (SQLite's own autocheckpoint, which this hook replaces, runs inside
/// the commit that passes the threshold.)
///
/// A checkpoint's syncs stall the commits that land while they run: a commit's writes to the log
/// wait for the disk. So the checkpoint waits for a pause between bursts of writes rather than
/// running in one. A writer that never pauses would grow the log without bound, each commit
/// appending to an ever longer file and each read searching an ever larger index; so once the
/// log is past `restartPages`, the writer checkpoints it itself, in its hook, before the next
/// commit: one commit waits for the copy and the syncs, and the next one starts the log over.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages after which a checkpoint is asked for (SQLite's default autocheckpoint).
    static let threshold: Int32 = 1000
    /// WAL pages past which the writer checkpoints the log itself, quiet or not.
    static let restartPages: Int32 = 4 * threshold

    private struct State {
        var pending = false
        var stopped = false
        var connection: SQLiteConnection?
    }

    private let path: String
    private let options: SQLiteConnection.Options
    /// How long the writer must go without a commit before the thread checkpoints, in nanoseconds.
    private let quietNanoseconds: UInt64
    /// When the writer last committed, in `DispatchTime` nanoseconds.
    private let lastCommit = Atomic<UInt64>(0)
    private let state = Mutex(State())
    /// The log's length in pages at the last request; 0 once the log has started over.
    private let requestedAt = Mutex<Int32>(0)
    /// How many checkpoints have run: for tests.
    let passes = Atomic<Int>(0)
    /// Whether the thread is waiting for the writer to go quiet: for tests.
    let waitingForQuiet = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, options: SQLiteConnection.Options, quietPeriod: Duration) {
        self.path = path
        self.options = options
        let (seconds, attoseconds) = max(quietPeriod, .zero).components
        quietNanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        let thread = Thread { [self] in run() }
        thread.name = "MarfaSQLite checkpoint"
        thread.start()
    }

    /// Installs the hook on the writer's connection `db`; the checkpointer must outlive it.
    func install(on db: OpaquePointer) {
        sqlite3_wal_hook(
            db,
            { context, db, name, pages in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue()
                if checkpointer.logGrew(to: pages) {
                    // On the writer's thread, between its commits: every frame is copied back, so
                    // the next commit starts the log over (unless a read still needs the frames).
                    if sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                        checkpointer.passes.add(1, ordering: .relaxed)
                    }
                }
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Notes the commit that left the log `pages` long and asks for a checkpoint when the log has
    /// grown `threshold` pages since the last request (or since it started over). True when the
    /// log is past `restartPages`: the writer is to checkpoint it at once.
    func logGrew(to pages: Int32) -> Bool {
        lastCommit.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        if pages >= Self.restartPages { return true }
        let due = requestedAt.withLock { requested -> Bool in
            if pages < requested { requested = 0 }
            guard pages - requested >= Self.threshold else { return false }
            requested = pages
            return true
        }
        if due { request() }
        return false
    }

    /// Asks for a checkpoint once the writer is quiet; requests made while one is pending are one.
    func request() {
        let signal = state.withLock { state -> Bool in
            guard !state.pending, !state.stopped else { return false }
            state.pending = true
            return true
        }
        if signal { wake.signal() }
    }

    /// Stops the thread, after the checkpoint running, and closes its connection.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        loop: while true {
            wake.wait()
            switch waitForQuiet() {
            case .stop: break loop
            case .nothing: continue loop
            case .run: break
            }
            let (stopped, connection) = state.withLock { state -> (Bool, SQLiteConnection?) in
                state.pending = false
                if state.connection == nil, !state.stopped {
                    state.connection = try? SQLiteConnection(path: path, options: options)
                }
                return (state.stopped, state.connection)
            }
            if stopped { break }
            if let connection {
                Self.checkpoint(connection)
                passes.add(1, ordering: .relaxed)
            }
        }
        state.withLock { $0.connection?.close() }
        finished.signal()
    }

    private enum Turn { case run, nothing, stop }

    /// Waits, on the checkpoint's thread, until the writer has made no commit for `quietPeriod`.
    private func waitForQuiet() -> Turn {
        defer { waitingForQuiet.store(false, ordering: .relaxed) }
        while true {
            let (pending, stopped) = state.withLock { ($0.pending, $0.stopped) }
            if stopped { return .stop }
            // A wake left over from a request that has already run.
            guard pending else { return .nothing }
            let now = DispatchTime.now().uptimeNanoseconds
            let quietFor = now - min(now, lastCommit.load(ordering: .relaxed))
            if quietFor >= quietNanoseconds { return .run }
            waitingForQuiet.store(true, ordering: .relaxed)
            _ = wake.wait(timeout: DispatchTime(uptimeNanoseconds: now + quietNanoseconds - quietFor))
        }
    }

    /// A passive checkpoint; a busy or locked file only means the log waits for the next request.
    /// (The pragma, unlike `sqlite3_wal_checkpoint_v2`, reads the file's header first, so a
    /// connection that has read nothing yet knows the file is in WAL mode.)
    private static func checkpoint(_ connection: SQLiteConnection) {
        _ = try? connection.first("PRAGMA wal_checkpoint(PASSIVE)")
    }
}
