import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The owner's key and generated password as the start that minted them printed them, kept in the
/// data folder (`owner-secrets.json`, owner-only: 0600 in a 0700 folder) so that
/// `marfa-local owner-key` can show them again on the instance's own machine. Whoever can read
/// this file can read the store beside it, so it gives no one more than the folder already does.
enum OwnerSecretsFile {
    static let fileName = "owner-secrets.json"

    struct Contents: Codable, Sendable, Equatable {
        var key: String?
        var password: String?
    }

    static func url(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

    /// The kept secrets, or nil when the folder keeps none.
    static func read(in directory: URL) throws -> Contents? {
        let url = url(in: directory)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(Contents.self, from: Data(contentsOf: url))
    }

    /// Adds what `minted` holds to the kept secrets, writing a new owner-only file in place of the
    /// old one (never a moment with the secrets in a file others may read).
    static func keep(_ minted: OwnerFirstStart.Minted, in directory: URL) throws {
        guard minted.key != nil || minted.password != nil else { return }
        var contents = (try? read(in: directory)) ?? Contents()
        if let key = minted.key { contents.key = key }
        if let password = minted.password { contents.password = password }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(contents)
        let temporary = directory.appendingPathComponent(fileName + ".new").path
        unlink(temporary)
        // Created 0600 (a umask can only take bits away), then renamed over the old file in one step.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == data.count, synced == 0, rename(temporary, url(in: directory).path) == 0 else {
            let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            unlink(temporary)
            throw failure
        }
    }
}
