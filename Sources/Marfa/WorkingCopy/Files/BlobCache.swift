import Foundation
import MarfaDigest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder beside a store where its blobs' bytes live, one file per blob named by the hex of
/// its hash. Bytes arrive under a name no reader looks for (`.incoming-…`), are fsynced, and
/// only then renamed to their hash, so a reader sees a blob whole or not at all. Every call runs
/// on `BlobThread`.
package struct BlobCache: Sendable {
    /// How many bytes each read and write moves.
    static let chunk = 256 << 10

    let folder: URL
    let files: any BlobFileLayer

    /// The folder for the store at `storePath`: `<store>.blobs`.
    init(storePath: String, files: any BlobFileLayer) {
        folder = URL(fileURLWithPath: storePath + ".blobs")
        self.files = files
    }

    /// Where the bytes of `hash` live once held.
    func path(of hash: String) throws(MarfaError) -> URL {
        folder.appendingPathComponent(try BlobHash.hex(of: hash))
    }

    /// Whether the bytes of `hash` are held.
    func isHeld(_ hash: String) throws(MarfaError) -> Bool {
        FileManager.default.fileExists(atPath: try path(of: hash).path)
    }

    /// The hashes of every blob held.
    func heldHashes() async throws(MarfaError) -> [String] {
        let folder = self.folder
        return try await BlobThread.run { () throws(MarfaError) -> [String] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.compactMap { try? BlobHash.named($0) }
        }
    }

    /// Removes the bytes of `hash`; false when none were held.
    func remove(_ hash: String) async throws(MarfaError) -> Bool {
        let file = try path(of: hash)
        return try await BlobThread.run { () throws(MarfaError) -> Bool in
            guard unlink(file.path) == 0 else {
                if errno == ENOENT { return false }
                throw .io(message: "The blob at \(file.path) couldn't be removed: \(String(cString: strerror(errno))).")
            }
            return true
        }
    }

    /// Removes the incoming copies a put left (`.incoming-<id>`, not a fetch's `.part`). Called
    /// with the copy's file lock held, so no put of this writer is copying in meanwhile.
    func sweepIncoming() async throws(MarfaError) {
        let folder = self.folder
        try await BlobThread.run { () throws(MarfaError) in
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix(".incoming-") && !name.hasSuffix(".part") {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }

    /// Makes the folder (owner-only) when it isn't there yet.
    func makeFolder() throws(MarfaError) {
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(message: "The blob folder \(folder.path) couldn't be made: \(error.localizedDescription).")
        }
    }

    /// Moves fsynced bytes at `incoming` under their hash; when the hash is held already the
    /// incoming copy goes and the held one stays, so the same bytes are never kept twice.
    func settle(_ incoming: URL, as hash: String) throws(MarfaError) -> URL {
        let destination = try path(of: hash)
        if FileManager.default.fileExists(atPath: destination.path) {
            unlink(incoming.path)
            return destination
        }
        guard rename(incoming.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(incoming.path)
            throw .io(message: "The blob couldn't be moved into \(folder.path): \(reason).")
        }
        syncFolder()
        return destination
    }

    /// Makes a rename durable: fsync of the folder itself.
    private func syncFolder() {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Writes `bytes` to `descriptor` through the file layer, a failure as a `MarfaError`.
    func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) throws(MarfaError) {
        do {
            try bytes.withUnsafeBytes { try files.write(descriptor, $0) }
        } catch let error as BlobFileError {
            throw writeFailure(error)
        } catch {
            throw .io(message: "The blob folder \(folder.path) couldn't be written: \(error).")
        }
    }

    /// A failed write of the folder as a `MarfaError`: a full volume as `storageFull`.
    func writeFailure(_ error: BlobFileError) -> MarfaError {
        if error.isFull {
            return .storageFull(message: "The device is full, so the blob folder \(folder.path) couldn't be written.")
        }
        return .io(message: "The blob folder \(folder.path) couldn't be written: \(error.reason).")
    }
}
