import Foundation
import MarfaDigest

/// The bytes of files, held in a folder beside the store (`<store>.blobs`) under the SHA-256 of
/// their content, and sent to the instance by the queue.
public struct Blobs: Sendable {
    let copy: WorkingCopy

    /// Copies the file at `file` beside the store and queues its upload; answers the upload.
    ///
    /// The bytes are read once, hashed as they are copied, fsynced and renamed under their hash,
    /// so the same bytes are never held or sent twice: a second put of them while the first
    /// upload waits answers that upload, and one after it was accepted is answered by the drain
    /// without a request. `mimeType` is what the bytes are sent under; without it the file's
    /// extension chooses, else `application/octet-stream`.
    /// - Throws: `invalid` for a directory, an empty file or one that changed while copied, `io`
    ///   for one that can't be read, `storageFull` when the device fills; nothing is left behind.
    public func put(file: URL, mimeType: String? = nil) async throws -> QueuedWrite {
        try await copy.perform {
            let store = try copy.fileStore("blobs.put(file:mimeType:)")
            _ = try copy.writer()
            return try await copy.upload(file, mimeType: MimeTypes.forFile(file, given: mimeType), in: store).write
        }
    }

    /// The local file holding the bytes of `hash`, fetched first when they aren't held: streamed
    /// to disk, checked against the hash, and resumed after a cut.
    /// - Throws: `bytesAbsent` for a reader, a copy without a server, or bytes the server doesn't
    ///   hold; `noRoom` when the volume has less room than the fetch needs; `decoding` when the
    ///   server's bytes hash to another name; `invalid` for a hash that isn't one.
    public func get(_ hash: String) async throws -> URL {
        try await copy.perform {
            let store = try copy.fileStore("blobs.get(_:)")
            let hash = try BlobHash.named(hash)
            if try store.blobs.isHeld(hash) { return try store.blobs.path(of: hash) }
            guard copy.handle == .writer else {
                throw MarfaError.bytesAbsent(
                    hash: hash, reason: "reader",
                    message: "The bytes of \(hash) aren't on the device, and a reader fetches nothing.")
            }
            guard let sync = copy.sync, sync.hasServer else {
                throw MarfaError.bytesAbsent(
                    hash: hash, reason: "no_server",
                    message:
                        "The bytes of \(hash) aren't on the device, and the copy was opened without a server to fetch them from."
                )
            }
            return try await BlobFetch(cache: store.blobs, server: try sync.server()).fetch(hash)
        }
    }

    /// Whether the bytes of `hash` are on the device; no request is made.
    public func isHeld(_ hash: String) async throws -> Bool {
        try await copy.perform { try copy.fileStore("blobs.isHeld(_:)").blobs.isHeld(try BlobHash.named(hash)) }
    }

    /// Removes from the device the bytes no item names and no queued write needs; answers how
    /// many blobs went. An upload not yet sent, or a refused one that may be released, keeps its
    /// bytes; so does an item in the bin. A fetch asks for removed bytes again. Copies a put left
    /// half made (the process ended mid-copy) go too; a fetch's kept part stays, to be resumed.
    @discardableResult
    public func removeUnnamed() async throws -> Int {
        try await copy.perform {
            let store = try copy.fileStore("blobs.removeUnnamed()")
            _ = try copy.writer()
            return try await copy.fileWork.withLock {
                try await store.blobs.sweepIncoming()
                let named = try await store.namedBlobs()
                var removed = 0
                for hash in try await store.blobs.heldHashes() where !named.contains(hash) {
                    if try await store.blobs.remove(hash) { removed += 1 }
                }
                return removed
            }
        }
    }
}

extension WorkingCopy {
    /// The bytes of files, beside the store.
    public var blobs: Blobs { Blobs(copy: self) }

    /// The store whose folder holds the blobs, or why this copy has none (the fake's refusal).
    func fileStore(_ call: String) throws -> SQLiteCopyStore {
        if let store = engine as? SQLiteCopyStore { return store }
        if let drainer { throw drainer.unsupported(call) }
        throw MarfaError.invalid(message: "\(call) needs a store on disk.")
    }

    /// Takes `file` in and queues its upload under `mimeType`, or answers the upload of the same
    /// bytes already queued.
    func upload(
        _ file: URL, mimeType: String, in store: SQLiteCopyStore
    ) async throws -> (write: QueuedWrite, hash: String) {
        try await fileWork.withLock {
            let (upload, hash) = try await takeIn(file, mimeType: mimeType, in: store)
            guard case .new(let write) = upload else { return (upload.write, hash) }
            return (try await enqueue(write, effect: .none), hash)
        }
    }

    /// An upload `takeIn` found queued already, or one it made and did not queue.
    enum Upload {
        case standing(QueuedWrite)
        case new(QueuedWrite)

        var write: QueuedWrite {
            switch self {
            case .standing(let write), .new(let write): write
            }
        }
    }

    /// Takes `file` in beside the store and answers the upload of its bytes: the one queued
    /// already, or a new one, not queued. Runs under `fileWork`.
    func takeIn(_ file: URL, mimeType: String, in store: SQLiteCopyStore) async throws -> (Upload, String) {
        let taken = try await store.blobs.take(file)
        if let standing = try await store.standingUpload(of: taken.hash) { return (.standing(standing), taken.hash) }
        let write = QueuedWrite(
            id: UUIDv7.make(), kind: .uploadBlob, blob: taken.hash,
            body: ["hash": .string(taken.hash), "mime_type": .string(mimeType), "size": .int(Int64(taken.size))])
        return (.new(write), taken.hash)
    }
}
