import Foundation
import MarfaOpenAPIRuntime

/// A stored blob read as a streamed body, from an offset, one chunk at a time on a queue of its
/// own (never a cooperative thread), so a download never holds the blob in memory whole.
struct BlobReader: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    static let chunk = 256 << 10
    private static let queue = DispatchQueue(label: "marfa-local.blobs", attributes: .concurrent)

    let file: URL
    let offset: UInt64

    /// The body of the blob at `file` from `offset`, with its length.
    static func body(of file: URL, from offset: UInt64, size: UInt64) -> HTTPBody {
        HTTPBody(
            BlobReader(file: file, offset: offset), length: .known(Int64(size - offset)), iterationBehavior: .single)
    }

    func makeAsyncIterator() -> Iterator { Iterator(handle: Handle(file: file, offset: offset)) }

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
        private var handle: FileHandle?
        private var done = false

        init(file: URL, offset: UInt64) {
            self.file = file
            self.offset = offset
        }

        func next() throws -> ArraySlice<UInt8>? {
            lock.lock()
            defer { lock.unlock() }
            if done { return nil }
            if handle == nil {
                handle = try FileHandle(forReadingFrom: file)
                try handle?.seek(toOffset: offset)
            }
            guard let data = try handle?.read(upToCount: BlobReader.chunk), !data.isEmpty else {
                done = true
                try? handle?.close()
                return nil
            }
            return ArraySlice([UInt8](data))
        }
    }
}
