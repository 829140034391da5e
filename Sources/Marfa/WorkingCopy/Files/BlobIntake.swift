import Foundation
import MarfaDigest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a file the app names into the blob folder under the SHA-256 of what was read: streamed
/// in chunks to an incoming file, fsynced, then renamed. The copy is what an upload later streams
/// from, so a file changed or removed after the call doesn't change what is sent.
extension BlobCache {
    /// What a file taken in became.
    struct Taken: Sendable {
        var hash: String
        var size: UInt64
    }

    /// Takes in `source`: `invalid` for a directory, an empty file or a file that changed while
    /// it was copied; `io` for one that can't be read; `storageFull` when the volume fills. A
    /// failure leaves nothing behind.
    func take(_ source: URL) async throws(MarfaError) -> Taken {
        let cache = self
        return try await BlobThread.run { () throws(MarfaError) -> Taken in try cache.takeNow(source) }
    }

    private func takeNow(_ source: URL) throws(MarfaError) -> Taken {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw .io(message: "The file \(source.path) couldn't be read: \(String(cString: strerror(errno))).")
        }
        defer { close(input) }
        let before = try Self.status(of: input, source)
        guard (before.st_mode & S_IFMT) == S_IFREG else {
            throw .invalid(message: "\(source.path) isn't a file, so it can't be attached.")
        }
        guard before.st_size > 0 else {
            throw .invalid(message: "\(source.path) is empty, and the server holds no empty blob.")
        }
        try makeFolder()
        let incoming = folder.appendingPathComponent(".incoming-\(UUIDv7.make())")
        let output = open(incoming.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw writeFailure(BlobFileError(call: "open", code: errno)) }
        var closed = false
        defer {
            if !closed { close(output) }
        }
        do throws(MarfaError) {
            let (hash, size) = try copy(from: input, source: source, to: output, most: UInt64(before.st_size) + 1)
            let after = try Self.status(of: input, source)
            guard size == UInt64(before.st_size), after.st_size == before.st_size, Self.sameTime(before, after) else {
                throw .invalid(message: "\(source.path) changed while it was copied; attach it again once it is still.")
            }
            guard fsync(output) == 0 else { throw writeFailure(BlobFileError(call: "fsync", code: errno)) }
            close(output)
            closed = true
            _ = try settle(incoming, as: hash)
            return Taken(hash: hash, size: size)
        } catch {
            unlink(incoming.path)
            throw error
        }
    }

    /// Streams `input` to `output`, hashing as it goes, stopping after `most` bytes (a file that
    /// grows as it is read ends there); answers the hash and the bytes read.
    private func copy(
        from input: Int32, source: URL, to output: Int32, most: UInt64
    ) throws(MarfaError) -> (String, UInt64) {
        var hasher = SHA256.Hasher()
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        var size: UInt64 = 0
        while size < most {
            let wanted = Int(min(UInt64(buffer.count), most - size))
            let read = buffer.withUnsafeMutableBytes { Glibc_read(input, $0.baseAddress!, wanted) }
            if read < 0 {
                if errno == EINTR { continue }
                throw .io(message: "The file \(source.path) couldn't be read: \(String(cString: strerror(errno))).")
            }
            if read == 0 { break }
            hasher.update(buffer[0..<read])
            try write(output, buffer[0..<read])
            size += UInt64(read)
        }
        return (BlobHash.prefix + Hex.encode(hasher.finalize()), size)
    }

    private static func status(of descriptor: Int32, _ source: URL) throws(MarfaError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .io(message: "The file \(source.path) couldn't be read: \(String(cString: strerror(errno))).")
        }
        return info
    }

    private static func sameTime(_ a: stat, _ b: stat) -> Bool {
        #if canImport(Darwin)
        return a.st_mtimespec.tv_sec == b.st_mtimespec.tv_sec && a.st_mtimespec.tv_nsec == b.st_mtimespec.tv_nsec
        #else
        return a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
        #endif
    }
}

/// `read(2)` under a name the struct's members don't hide.
@inline(__always)
func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}
