import Foundation
import MarfaOpenAPIRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A held blob read as an async sequence of chunks, each read on `BlobThread`: what an upload's
/// body streams from, so a file is never in memory whole. The descriptor closes at the end, on a
/// failure, or when the sequence is dropped.
struct BlobFileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let path: URL

    /// The body for an upload of the file at `path`, `size` bytes long.
    static func body(of path: URL, size: Int64) -> HTTPBody {
        HTTPBody(BlobFileChunks(path: path), length: .known(size), iterationBehavior: .single)
    }

    func makeAsyncIterator() -> Iterator { Iterator(reader: Reader(path: path)) }

    struct Iterator: AsyncIteratorProtocol {
        let reader: Reader

        mutating func next() async throws -> ArraySlice<UInt8>? {
            let reader = self.reader
            return try await BlobThread.run { () throws(MarfaError) -> ArraySlice<UInt8>? in try reader.next() }
        }
    }

    /// The open file, read one chunk at a time.
    final class Reader: @unchecked Sendable {
        private let path: URL
        private var descriptor: Int32 = -1
        private var finished = false
        private let lock = NSLock()

        init(path: URL) { self.path = path }

        deinit { if descriptor >= 0 { close(descriptor) } }

        func next() throws(MarfaError) -> ArraySlice<UInt8>? {
            lock.lock()
            defer { lock.unlock() }
            if finished { return nil }
            if descriptor < 0 {
                descriptor = open(path.path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw end("opened") }
            }
            var buffer = [UInt8](repeating: 0, count: BlobCache.chunk)
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
                if read < 0, errno == EINTR { continue }
                guard read >= 0 else { throw end("read") }
                if read == 0 {
                    finish()
                    return nil
                }
                return buffer[0..<read]
            }
        }

        private func end(_ what: String) -> MarfaError {
            let reason = String(cString: strerror(errno))
            finish()
            return .io(message: "The blob at \(path.path) couldn't be \(what): \(reason).")
        }

        private func finish() {
            finished = true
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }
}
