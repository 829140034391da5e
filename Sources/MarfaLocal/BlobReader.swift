import Foundation
import MarfaOpenAPIRuntime

/// A stored blob read as a streamed body, `count` bytes from an offset, one chunk at a time on a
/// queue of its own (never a cooperative thread), so a download never holds the blob in memory
/// whole.
struct BlobReader: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    static let chunk = 256 << 10
    private static let queue = DispatchQueue(label: "marfa-local.blobs", attributes: .concurrent)

    let file: URL
    let offset: UInt64
    let count: UInt64

    /// The body of the blob at `file` (`size` bytes long) from `offset` to its end, with its length.
    static func body(of file: URL, from offset: UInt64, size: UInt64) -> HTTPBody {
        body(of: file, from: offset, count: size - offset)
    }

    /// The body of `count` bytes of the file at `file` from `offset`, with its length.
    static func body(of file: URL, from offset: UInt64, count: UInt64) -> HTTPBody {
        HTTPBody(
            BlobReader(file: file, offset: offset, count: count), length: .known(Int64(count)),
            iterationBehavior: .single)
    }

    func makeAsyncIterator() -> Iterator { Iterator(handle: Handle(file: file, offset: offset, count: count)) }

    struct Iterator: AsyncIteratorProtocol {
        let handle: Handle

        mutating func next() async throws -> ArraySlice<UInt8>? {
            let handle = self.handle
            return try await withCheckedThrowingContinuation { continuation in
                BlobReader.queue.async { continuation.resume(with: Result { try handle.next() }) }
            }
        }
    }

    /// The open file; reads are one at a time.
    final class Handle: @unchecked Sendable {
        private let lock = NSLock()
        private let file: URL
        private var offset: UInt64
        private var remaining: UInt64
        private var handle: FileHandle?
        private var done = false

        init(file: URL, offset: UInt64, count: UInt64) {
            self.file = file
            self.offset = offset
            remaining = count
        }

        func next() throws -> ArraySlice<UInt8>? {
            lock.lock()
            defer { lock.unlock() }
            if done { return nil }
            if handle == nil {
                handle = try FileHandle(forReadingFrom: file)
                try handle?.seek(toOffset: offset)
            }
            let wanted = Int(Swift.min(UInt64(BlobReader.chunk), remaining))
            guard wanted > 0, let data = try handle?.read(upToCount: wanted), !data.isEmpty else {
                done = true
                try? handle?.close()
                return nil
            }
            remaining -= UInt64(data.count)
            return ArraySlice([UInt8](data))
        }
    }
}
