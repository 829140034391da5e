import CSQLite
import Foundation
import Synchronization

/// Moves a writer's WAL checkpoints off its commits: the writer's WAL hook asks for a checkpoint
/// each time the log has grown `threshold` pages since the last request, and a thread of its own
/// runs a `PASSIVE` checkpoint on a connection of its own, so no commit waits for pages to be
/// copied back and synced. (SQLite's own autocheckpoint, which this hook replaces, runs inside
/// every commit while the log is past the threshold: there the log starts over right after, as
/// no commit comes in between. Here commits go on while the checkpoint runs, so asking again at
/// every commit would sync the files at every commit.)
///
/// A passive checkpoint can't finish while the writer keeps appending, and the log only starts
/// over from its beginning once every frame is copied back: under a steady writer it would grow
/// without bound, each commit appending to an ever longer file and each read searching an ever
/// larger index. So past `restartPages` the passive pass is followed by a `RESTART` one, which
/// holds the writer off only while it copies the frames written since and syncs, so the next
/// commit writes the log from its start again.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages after which a checkpoint is asked for (SQLite's default autocheckpoint).
    static let threshold: Int32 = 1000
    /// WAL pages past which a checkpoint makes the log start over.
    static let restartPages: Int32 = 4 * threshold

    private struct State {
        var pending = false
        var stopped = false
        var connection: SQLiteConnection?
    }

    private let path: String
    private let options: SQLiteConnection.Options
    private let state = Mutex(State())
    /// The log's length in pages at the last request; 0 once the log has started over.
    private let requestedAt = Mutex<Int32>(0)
    /// How many checkpoints have run: for tests.
    let passes = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, options: SQLiteConnection.Options) {
        self.path = path
        self.options = options
        let thread = Thread { [self] in run() }
        thread.name = "MarfaSQLite checkpoint"
        thread.start()
    }

    /// Installs the hook on the writer's connection `db`; the checkpointer must outlive it.
    func install(on db: OpaquePointer) {
        sqlite3_wal_hook(
            db,
            { context, _, _, pages in
                guard let context else { return SQLITE_OK }
                Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().logGrew(to: pages)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Asks for a checkpoint when the log, now `pages` long, has grown `threshold` pages since the
    /// last request (or since it started over), and at every commit once it is past
    /// `restartPages`, until a checkpoint makes it start over.
    func logGrew(to pages: Int32) {
        let due = requestedAt.withLock { requested -> Bool in
            if pages < requested { requested = 0 }
            guard pages - requested >= Self.threshold || pages >= Self.restartPages else { return false }
            requested = pages
            return true
        }
        if due { request() }
    }

    /// Asks for a checkpoint; requests made while one is pending are one.
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
        while true {
            wake.wait()
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

    /// A passive checkpoint, then a restarting one when the log has grown past `restartPages`. A
    /// busy or locked file only means the log waits for the next request. (The pragma, unlike
    /// `sqlite3_wal_checkpoint_v2`, reads the file's header first, so a connection that has read
    /// nothing yet knows the file is in WAL mode.)
    private static func checkpoint(_ connection: SQLiteConnection) {
        let logPages = (try? connection.first("PRAGMA wal_checkpoint(PASSIVE)"))?[1].integer ?? 0
        guard logPages >= Int64(restartPages) else { return }
        _ = try? connection.first("PRAGMA wal_checkpoint(RESTART)")
    }
}
