import CSQLite
import Foundation

/// How a connection waits for a lock another connection holds: polling every 50 µs for the first
/// millisecond, then every millisecond, until its busy timeout. SQLite's own busy timeout sleeps a
/// whole millisecond first, so a lock held for a moment (a checkpoint starting the log over) would
/// cost every write it met a millisecond or more.
enum SQLiteBusyWait {
    /// Polls at the fine interval before the coarse one.
    static let fineTries: Int32 = 20
    static let fineMicroseconds: UInt32 = 50
    static let coarseMicroseconds: UInt32 = 1_000

    /// Installs the wait on `db`, giving up after `timeout` (at once when it is zero).
    static func install(on db: OpaquePointer, timeout: Duration) {
        let millis = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        // The limit travels in the context pointer itself, offset by one so zero is a valid limit.
        let context = UnsafeMutableRawPointer(bitPattern: Int(clamping: max(0, millis)) + 1)
        sqlite3_busy_handler(
            db,
            { context, tries in
                let limit = Int(bitPattern: context) - 1
                guard SQLiteBusyWait.waitedMicroseconds(afterTries: tries) < limit * 1000 else { return 0 }
                usleep(
                    tries < SQLiteBusyWait.fineTries
                        ? SQLiteBusyWait.fineMicroseconds : SQLiteBusyWait.coarseMicroseconds)
                return 1
            }, context)
    }

    /// How long the handler has slept after `tries` calls, in microseconds.
    static func waitedMicroseconds(afterTries tries: Int32) -> Int {
        let fine = Int(min(tries, fineTries))
        let coarse = Int(max(0, tries - fineTries))
        return fine * Int(fineMicroseconds) + coarse * Int(coarseMicroseconds)
    }
}
