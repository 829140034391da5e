import Foundation
import MarfaDigest
import MarfaHTTPServer
import MarfaOpenAPIRuntime
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `POST /blobs` body, written as it arrives to a temporary file in the blob folder
/// (`.upload-<uuid>`, owner-only) and hashed as it goes, so an upload of any size costs the
/// instance one chunk of memory. `store()` fsyncs it and renames it to its content address;
/// `discard()` (a cut, a refusal, or the request's end) removes what was not stored.
///
/// `append` and `finish` run on the server's polling thread, `store()` on `BlobStore.queue`.
final class BlobUploadSpool: RequestBodySpool {
    let limit: Int
    private let folder: URL
    private let uploads: SpooledUploads

    /// What the spool holds, behind the lock.
    private struct State {
        var descriptor: Int32 = -1
        var temporary: URL?
        var hasher = SHA256.Hasher()
        var size = 0
        var head: [UInt8] = []
        var hex: String?
        var finished = false
        var taken = false
    }
    private let state = Mutex(State())

    /// The first bytes kept to tell the media type.
    private static let headBytes = 16

    init(folder: URL, limit: Int, uploads: SpooledUploads) {
        self.folder = folder
        self.limit = limit
        self.uploads = uploads
    }

    var tooLarge: (HTTPResponse, HTTPBody?) {
        LocalError.serverRefusal(413, "blob_too_large", "A blob is at most \(limit) bytes.")
    }

    /// The content hash, `sha256:<hex>`, once the whole body arrived.
    var hash: String? { state.withLock { $0.hex.map { "sha256:" + $0 } } }

    func append(_ piece: UnsafeRawBufferPointer) throws {
        try state.withLock { state in
            if state.temporary == nil { try open(&state) }
            try Self.write(piece, to: state.descriptor)
            state.hasher.update(piece)
            state.size += piece.count
            if state.head.count < Self.headBytes { state.head += piece.prefix(Self.headBytes - state.head.count) }
        }
    }

    func finish() throws -> HTTPBody {
        let (temporary, size) = state.withLock { state -> (URL?, Int) in
            state.finished = true
            state.hex = Hex.encode(state.hasher.finalize())
            return (state.temporary, state.size)
        }
        let body = temporary.map { BlobReader.body(of: $0, from: 0, size: UInt64(size)) } ?? HTTPBody()
        uploads.register(self, as: body)
        return body
    }

    func discard() {
        uploads.unregister(self)
        state.withLock { state in
            guard !state.taken else { return }
            state.taken = true
            if state.descriptor >= 0 { close(state.descriptor) }
            if let temporary = state.temporary { unlink(temporary.path) }
        }
    }

    /// The stored blob: the body fsynced and renamed to `blobs/<hex>` (dropped when those bytes are
    /// there already), on `BlobStore.queue`.
    /// - Throws: `LocalError` when the body was discarded or the file cannot be kept.
    func store(in blobs: BlobStore) async throws -> BlobStore.Stored {
        let taken = state.withLock { state -> State? in
            guard state.finished, !state.taken else { return nil }
            state.taken = true
            return state
        }
        guard let taken, let hex = taken.hex else { throw LocalError(500, "internal_error", "The upload was dropped.") }
        let mimeType = BlobStore.mimeType(of: taken.head)
        let stored = BlobStore.Stored(hash: "sha256:" + hex, size: Int64(taken.size), mimeType: mimeType)
        guard let temporary = taken.temporary else {
            _ = try blobs.put([])
            return stored
        }
        try await BlobStore.onQueue {
            defer { close(taken.descriptor) }
            guard fsync(taken.descriptor) == 0 else {
                unlink(temporary.path)
                throw Self.failure("fsync", errno)
            }
            try blobs.settle(temporary, as: hex)
        }
        return stored
    }

    /// Makes the folder and the temporary file.
    private func open(_ state: inout State) throws {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".upload-\(UUID().uuidString)")
        let descriptor = systemOpen(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("open", errno) }
        state.descriptor = descriptor
        state.temporary = temporary
    }

    /// Writes all of `piece`, past interruptions and short writes.
    private static func write(_ piece: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var offset = 0
        while offset < piece.count {
            let written = systemWrite(descriptor, piece.baseAddress! + offset, piece.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", errno)
            }
            offset += written
        }
    }

    /// `507 insufficient_storage` for a full volume, else `500`; naming the contract, since the
    /// server answers it before any middleware runs.
    private static func failure(_ call: String, _ code: Int32) -> LocalError {
        var failure =
            code == ENOSPC || code == EDQUOT
            ? LocalError(507, "insufficient_storage", "The instance's volume is full; the blob was not stored.")
            : LocalError(500, "internal_error", "Storing the blob failed (\(call): errno \(code)).")
        failure.headers = [("X-Marfa-Contract", LocalContract.version)]
        return failure
    }
}

/// `open(2)`, under a name the spool's own `open` does not hide.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

/// `write(2)`, likewise.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
