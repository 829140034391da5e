import Foundation
import MarfaDigest

/// Blobs kept by content: each under `blobs/<sha256 hex>` in the data folder, written once
/// (to a temporary name, then moved into place), so the same bytes are never stored twice. The
/// folder is owner-only (0700) and each blob owner-only (0600).
struct BlobStore: Sendable {
    let folder: URL

    init(dataDirectory: URL) { folder = dataDirectory.appendingPathComponent("blobs") }

    /// Stores `bytes`; answers their hash, `sha256:<hex>`.
    func put(_ bytes: [UInt8]) throws -> String {
        let hex = SHA256.hex(bytes)
        let destination = folder.appendingPathComponent(hex)
        if !FileManager.default.fileExists(atPath: destination.path) {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = folder.appendingPathComponent(".\(hex).\(UUID().uuidString)")
            guard
                FileManager.default.createFile(
                    atPath: temporary.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
            do {
                try FileManager.default.moveItem(at: temporary, to: destination)
            } catch {
                // Another upload of the same bytes got there first.
                try? FileManager.default.removeItem(at: temporary)
                guard FileManager.default.fileExists(atPath: destination.path) else { throw error }
            }
        }
        return "sha256:" + hex
    }

    /// A stored blob as `POST /blobs` answers it.
    struct Stored: Sendable {
        let hash: String
        let size: Int64
        let mimeType: String
    }

    /// Where blob files are written, fsynced and renamed: off the cooperative pool.
    static let queue = DispatchQueue(label: "marfa-local.blob-writes", attributes: .concurrent)

    /// Runs `work` on `queue`; the caller suspends meanwhile.
    static func onQueue(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Moves the finished, fsynced file `temporary` to `blobs/<hex>`; drops it when those bytes are
    /// stored already.
    func settle(_ temporary: URL, as hex: String) throws {
        let destination = folder.appendingPathComponent(hex)
        if FileManager.default.fileExists(atPath: destination.path) {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        do {
            try FileManager.default.moveItem(at: temporary, to: destination)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            guard FileManager.default.fileExists(atPath: destination.path) else { throw error }
        }
    }

    /// Removes the temporary files of uploads an earlier run of the instance did not finish.
    func removeAbandonedUploads() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".upload-") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The bytes stored under `hash`; nil when none are.
    func get(_ hash: String) throws -> Data? {
        guard let (file, _) = try stored(hash) else { return nil }
        return try Data(contentsOf: file)
    }

    /// The file holding `hash` and its size; nil when none is stored.
    func stored(_ hash: String) throws -> (URL, UInt64)? {
        let file = folder.appendingPathComponent(try Self.hex(of: hash))
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber else {
            return nil
        }
        return (file, size.uint64Value)
    }

    /// The hex digest in `sha256:<64 lowercase hex>`; `400 validation_error` for anything else.
    static func hex(of hash: String) throws -> String {
        let hex = hash.hasPrefix("sha256:") ? String(hash.dropFirst(7)) : ""
        guard hex.count == 64, hex.allSatisfy({ "0123456789abcdef".contains($0) }) else {
            throw LocalError.validation("A blob hash is sha256: and 64 lowercase hex characters.")
        }
        return hex
    }

    /// The media type the first bytes show (PNG, JPEG, GIF, WebP, PDF), else `application/octet-stream`.
    static func mimeType(of bytes: [UInt8]) -> String {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("%PDF".utf8)) { return "application/pdf" }
        return "application/octet-stream"
    }
}
