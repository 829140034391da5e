#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// A directory tree watched with inotify: one watch per directory (new directories gain one as
/// they appear), read on a thread of its own that waits in `poll` beside a pipe `stop()` writes.
/// A queue overflow is told as `.overflow`.
final class InotifyWatcher: DirectoryWatcher {
    let changes: AsyncStream<DirectoryChange>
    private let continuation: AsyncStream<DirectoryChange>.Continuation
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let stopped = Atomic<Bool>(false)

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
            | IN_ATTRIB)

    init(_ directory: URL) throws(MarfaError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        var pipes: [Int32] = [0, 0]
        guard descriptor >= 0, pipe(&pipes) == 0 else {
            throw .io(message: "The folder can't be watched: \(FolderFiles.lastError()).")
        }
        wake = (pipes[0], pipes[1])
        (changes, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
        var paths: [Int32: String] = [:]
        Self.watchTree(directory.path, descriptor: descriptor, into: &paths)
        let (descriptor, wake, continuation, watched) = (descriptor, wake, continuation, paths)
        let thread = Thread { Self.read(descriptor, wake: wake.read, paths: watched, to: continuation) }
        thread.name = "marfa.folders.inotify"
        thread.start()
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Adds a watch on `path` and every directory beneath it but the state directory.
    private static func watchTree(_ path: String, descriptor: Int32, into paths: inout [Int32: String]) {
        let watch = inotify_add_watch(descriptor, path, mask | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
        guard watch >= 0 else { return }
        paths[watch] = path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where name != FolderScanner.stateDirectory {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                watchTree(child, descriptor: descriptor, into: &paths)
            }
        }
    }

    /// The reading thread: waits for events or the stop, and tells each batch once.
    private static func read(
        _ descriptor: Int32, wake: Int32, paths: [Int32: String],
        to continuation: AsyncStream<DirectoryChange>.Continuation
    ) {
        var paths = paths
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            close(descriptor)
            close(wake)
            continuation.finish()
        }
        while true {
            var polled = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&polled, 2, -1) >= 0 || errno == EINTR else {
                continuation.yield(.failed(.io(message: "The folder's watch failed: \(FolderFiles.lastError()).")))
                return
            }
            if polled[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            continuation.yield(batch(buffer[0..<count], descriptor: descriptor, paths: &paths))
        }
    }

    /// What one read of events says; new directories gain watches.
    private static func batch(
        _ bytes: ArraySlice<UInt8>, descriptor: Int32, paths: inout [Int32: String]
    ) -> DirectoryChange {
        var offset = bytes.startIndex
        var change = DirectoryChange.changed
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let event = bytes.withUnsafeBytes {
                $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
            }
            let nameStart = offset + header
            let nameBytes = bytes[nameStart..<min(nameStart + Int(event.len), bytes.endIndex)].prefix { $0 != 0 }
            offset = nameStart + Int(event.len)
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { change = .overflow }
            if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                let parent = paths[event.wd]
            {
                let name = String(decoding: nameBytes, as: UTF8.self)
                if !(parent == paths.values.min() && name == FolderScanner.stateDirectory) {
                    watchTree(parent + "/" + name, descriptor: descriptor, into: &paths)
                }
            }
        }
        return change
    }
}
#endif
