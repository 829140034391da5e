import CSQLite
import Foundation
import Synchronization

/// Moves a writer's WAL checkpoints off its commits: the writer's WAL hook asks for a checkpoint
/// once the log passes `threshold` pages, and a thread of its own runs a `PASSIVE` checkpoint on a
/// connection of its own, so no commit waits for pages to be copied back and synced. (SQLite's own
/// autocheckpoint, which this hook replaces, runs inside the commit that crosses the threshold.)
final class SQLiteCheckpointer: Sendable {
    /// WAL pages after which a checkpoint is asked for (SQLite's default autocheckpoint).
    static let threshold: Int32 = 1000

    private struct State {
        var pending = false
        var stopped = false
        var connection: SQLiteConnection?
    }

    private let path: String
    private let options: SQLiteConnection.Options
    private let state = Mutex(State())
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
                if pages >= SQLiteCheckpointer.threshold {
                    Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().request()
                }
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
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
            // A busy or locked file only means the checkpoint waits for the next request.
            _ = try? connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
        state.withLock { $0.connection?.close() }
        finished.signal()
    }
}
