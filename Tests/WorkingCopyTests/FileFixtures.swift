import Foundation
import Marfa
import MarfaDigest
import MarfaHTTP
import MarfaOpenAPIRuntime
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files for the file tests: bytes that differ per seed, written where a test says.
enum FileFixtures {
    /// `count` bytes from a small generator seeded with `seed`.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    /// Writes `bytes` to `name` in `folder`; answers the file and its hash.
    @discardableResult
    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> (url: URL, hash: String) {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return (url, "sha256:" + SHA256.hex(bytes))
    }

    /// The files in the blob folder beside `store`, hidden ones included.
    static func blobFolder(of store: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.path + ".blobs")) ?? []).sorted()
    }

    /// The bytes the instance holds for `hash`, read raw.
    static func serverBytes(_ hash: String, test: CopyTestInstance) async throws -> (status: Int, bytes: [UInt8]) {
        let (response, body) = try await test.transport.send(
            HTTPRequest(
                method: .get, path: "/blobs/\(hash)", headerFields: ["Authorization": "Bearer \(test.ownerKey)"]),
            body: nil, baseURL: test.instance.url, operationID: "raw")
        return (response.status.code, try await body?.collect(upTo: 64 << 20) ?? [])
    }
}

/// A file layer that fails as a test says: writes past `writable` bytes fail with `ENOSPC`, the
/// volume reports `free` bytes, and `onWrite` runs before each write.
final class ScriptedFiles: BlobFileLayer {
    private let state: Mutex<(written: Int, writable: Int?, free: UInt64?)>
    private let onWrite: @Sendable () -> Void

    init(writable: Int? = nil, free: UInt64? = nil, onWrite: @escaping @Sendable () -> Void = {}) {
        state = Mutex((0, writable, free))
        self.onWrite = onWrite
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(BlobFileError) {
        onWrite()
        let allowed = state.withLock { state -> Bool in
            if let writable = state.writable, state.written + bytes.count > writable { return false }
            state.written += bytes.count
            return true
        }
        guard allowed else { throw BlobFileError(call: "write", code: ENOSPC) }
        try SystemBlobFiles().write(descriptor, bytes)
    }

    func freeBytes(at path: String) -> UInt64? { state.withLock { $0.free } ?? SystemBlobFiles().freeBytes(at: path) }
}
