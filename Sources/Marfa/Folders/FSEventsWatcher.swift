#if canImport(CoreServices) && os(macOS)
import CoreServices
import Foundation

/// A directory tree watched with FSEvents, its callbacks on a dispatch queue of its own. An
/// event that asks for a rescan of subdirectories (events were dropped) is told as `.overflow`.
/// Written for macOS; this package's tests run it on Linux only through `InotifyWatcher`.
final class FSEventsWatcher: DirectoryWatcher, @unchecked Sendable {
    let changes: AsyncStream<DirectoryChange>
    private let continuation: AsyncStream<DirectoryChange>.Continuation
    private let queue = DispatchQueue(label: "marfa.folders.fsevents")
    private var stream: FSEventStreamRef?
    private let lock = NSLock()

    init(_ directory: URL) {
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
        var context = FSEventStreamContext(
            version: 0, info: Unmanaged.passUnretained(self).toOpaque(), retain: nil, release: nil,
            copyDescription: nil)
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer)
        let callback: FSEventStreamCallback = { _, info, count, _, eventFlags, _ in
            guard let info else { return }
            let watcher = Unmanaged<FSEventsWatcher>.fromOpaque(info).takeUnretainedValue()
            var change = DirectoryChange.changed
            for index in 0..<count
            where eventFlags[index] & FSEventStreamEventFlags(kFSEventStreamEventFlagMustScanSubDirs) != 0 {
                change = .overflow
            }
            watcher.continuation.yield(change)
        }
        stream = FSEventStreamCreate(
            nil, callback, &context, [directory.path] as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow),
            0.05, flags)
        if let stream {
            FSEventStreamSetDispatchQueue(stream, queue)
            if !FSEventStreamStart(stream) {
                continuation.yield(.failed(.io(message: "The folder \(directory.path) can't be watched.")))
            }
        } else {
            continuation.yield(.failed(.io(message: "The folder \(directory.path) can't be watched.")))
        }
    }

    func stop() {
        lock.lock()
        let stopping = stream
        stream = nil
        lock.unlock()
        if let stopping {
            FSEventStreamStop(stopping)
            FSEventStreamInvalidate(stopping)
            FSEventStreamRelease(stopping)
        }
        continuation.finish()
    }
}
#endif
