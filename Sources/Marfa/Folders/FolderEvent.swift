import Foundation

/// What a folder's watch tells.
public enum FolderEvent: Sendable, Hashable {
    /// The watch began on the directory.
    case watching(URL)
    /// The platform's watcher failed; the watch goes on by following the instance and retrying.
    case watcherFailed
    /// A pass failed; another follows after the wait.
    case retrying(MarfaError, after: Duration)
    /// The instance can't be reached; changes on disk wait in the queue.
    case unreachable(reason: String)
    /// The instance answers again.
    case reachable
    /// A pass is waiting for the person (a removal past the threshold).
    case waiting(reason: String)
    /// A pass ran.
    case passed(FolderPass)
}
