/// Byte chunks waiting to be copied into a C library's buffer, oldest first, with their total size.
///
/// Used under a lock by the streamed request body (libcurl's read callback, URLSession's body
/// stream) and by `MarfaHTTPServer`'s streamed response (libmicrohttpd's content reader).
package struct ChunkQueue {
    private var chunks: [ArraySlice<UInt8>] = []
    private var head = 0
    /// The bytes queued and not yet copied out.
    package private(set) var buffered = 0

    package init() {}

    package mutating func append(_ chunk: ArraySlice<UInt8>) {
        chunks.append(chunk)
        buffered += chunk.count
    }

    /// Copies as many queued bytes as fit into `buffer`, removing them; answers how many.
    package mutating func drain(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var copied = 0
        while copied < buffer.count, head < chunks.count {
            let chunk = chunks[head]
            let count = min(buffer.count - copied, chunk.count)
            chunk.withUnsafeBytes { bytes in
                (buffer.baseAddress! + copied).copyMemory(from: bytes.baseAddress!, byteCount: count)
            }
            copied += count
            if count == chunk.count {
                chunks[head] = []
                head += 1
            } else {
                chunks[head] = chunk.dropFirst(count)
            }
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        }
        buffered -= copied
        return copied
    }

    /// Drops everything queued.
    package mutating func removeAll() {
        chunks = []
        head = 0
        buffered = 0
    }
}
