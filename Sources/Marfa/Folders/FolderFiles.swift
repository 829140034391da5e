import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder's file writes, each whole or not at all: written beside the file, synced, renamed
/// over it, and the directory synced, so a crash leaves the old bytes or the new ones. A full
/// disk is `storageFull`, any other failure `io`; the beside file is removed. They block: run
/// them on `FolderThread`.
enum FolderFiles {
    /// Replaces the file at `url` with `bytes`, making its directory when missing.
    static func replace(_ url: URL, with bytes: [UInt8]) throws(MarfaError) {
        try renameIntoPlace(url, bytes)
        syncDirectory(url.deletingLastPathComponent())
    }

    /// Replaces each file with its bytes as `replace(_:with:)` does, several at a time, each
    /// directory synced once after every rename into it: once it answers, every file it answers
    /// written is on disk whole. Answers each file's failure, nil for a file written.
    static func replace(_ files: [(url: URL, bytes: [UInt8])]) -> [MarfaError?] {
        let failures = Mutex([MarfaError?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            do throws(MarfaError) {
                try renameIntoPlace(files[index].url, files[index].bytes)
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
        let answered = failures.withLock { $0 }
        let directories = Set(zip(files, answered).filter { $0.1 == nil }.map { $0.0.url.deletingLastPathComponent() })
        for directory in directories.sorted(by: { $0.path < $1.path }) { syncDirectory(directory) }
        return answered
    }

    /// Writes `bytes` beside the file at `url`, syncs them and renames them over it; its
    /// directory is left for the caller to sync.
    private static func renameIntoPlace(_ url: URL, _ bytes: [UInt8]) throws(MarfaError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(message: "The directory \(directory.path) couldn't be made: \(error).")
        }
        let beside = directory.appendingPathComponent(".\(url.lastPathComponent).marfa-writing")
        let descriptor = open(beside.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("write", url) }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { return false }
                written += count
            }
            return fsync(descriptor) == 0
        }
        let error = failure("write", url)
        close(descriptor)
        guard ok, rename(beside.path, url.path) == 0 else {
            unlink(beside.path)
            throw ok ? failure("write", url) : error
        }
    }

    /// Removes the file at `url`; a file already gone is no failure.
    static func remove(_ url: URL) throws(MarfaError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("remove", url) }
        syncDirectory(url.deletingLastPathComponent())
    }

    /// The bytes of the file at `url`, or nil when it is gone.
    static func read(_ url: URL) throws(MarfaError) -> [UInt8]? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw failure("read", url)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { throw failure("read", url) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The size and modification time of the file at `url`, as a scan reads them; zeros when gone.
    static func sizeAndTime(of url: URL) -> (Int64, Double) {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return (0, 0) }
        return (Int64(info.st_size), FolderScanner.modified(info))
    }

    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The error of the call that just failed on `url`.
    private static func failure(_ doing: String, _ url: URL) -> MarfaError {
        let code = errno
        let reason = String(cString: strerror(code))
        if code == ENOSPC || code == EDQUOT {
            return .storageFull(message: "The disk is full: \(url.path) couldn't be written (\(reason)).")
        }
        return .io(message: "Couldn't \(doing) \(url.path): \(reason).")
    }

    /// The text of the last error `errno` holds.
    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// The C calls a name in scope would hide.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}
