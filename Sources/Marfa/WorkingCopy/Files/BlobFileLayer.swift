import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file calls the blob folder makes, so a test can put a full disk or a failing write in
/// their place. Every call blocks; `BlobThread` runs them off the cooperative pool. Failures are
/// `errno` values.
package protocol BlobFileLayer: Sendable {
    /// Writes all of `bytes` to the open file `descriptor`.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(BlobFileError)
    /// The bytes the volume holding `path` still has room for.
    func freeBytes(at path: String) -> UInt64?
}

/// A failed file call: the call and its `errno`.
package struct BlobFileError: Error, Sendable {
    package var call: String
    package var code: Int32

    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// Whether the volume is full (`ENOSPC`, `EDQUOT`).
    package var isFull: Bool { code == ENOSPC || code == EDQUOT }

    /// The failure as the sentence `strerror` gives.
    package var reason: String { "\(call): \(String(cString: strerror(code)))" }
}

/// The real file calls.
package struct SystemBlobFiles: BlobFileLayer {
    package init() {}

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(BlobFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc_write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BlobFileError(call: "write", code: errno)
            }
            offset += written
        }
    }

    package func freeBytes(at path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
}

/// `write(2)` under a name that doesn't clash with the protocol's.
@inline(__always)
private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
