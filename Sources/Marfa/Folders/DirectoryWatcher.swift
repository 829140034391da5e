import Foundation

/// What a directory watcher tells: something changed, the watcher lost events (a full rescan
/// is due), or it failed.
enum DirectoryChange: Sendable {
    case changed
    case overflow
    case failed(MarfaError)
}

/// Tells when anything in a directory tree changes, from the platform's own notifications
/// (inotify on Linux, FSEvents on macOS), read on a thread of its own. A watcher never decides
/// what changed: every change leads to a full scan, so a lost or merged event loses nothing.
protocol DirectoryWatcher: Sendable {
    /// The changes, until `stop()`.
    var changes: AsyncStream<DirectoryChange> { get }
    /// Ends the watch and its stream.
    func stop()
}

/// The platform's watcher for `directory`, leaving out its `.marfa` state.
enum DirectoryWatchers {
    static func make(_ directory: URL) throws(MarfaError) -> any DirectoryWatcher {
        #if os(Linux)
        return try InotifyWatcher(directory)
        #elseif canImport(CoreServices) && os(macOS)
        return FSEventsWatcher(directory)
        #else
        throw .invalid(message: "This platform can't watch a directory; sync it with Folders.sync(_:) instead.")
        #endif
    }
}
