import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of secrets: `root/<service>/<account>`, names base64url-encoded, folders 0700 and files
/// 0600. A write goes to a temporary file that is renamed over the entry, so a reader sees the old
/// bytes or the new ones, and the folder is synced after the rename. Each use tightens the folders
/// to 0700 (refusing ones another user owns) and removes temporary files a stopped write left over a
/// minute ago. `withLock` holds `flock` on `<account>.lock` beside the entry.
struct FileKeyFolder: Sendable {
    let root: URL

    static func fileName(for name: String) -> String { "k" + Base64URL.encode(Array(name.utf8)) }

    static func name(fromFileName file: String) -> String? {
        guard file.hasPrefix("k") else { return nil }
        var text = String(file.dropFirst()).replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).flatMap { String(data: $0, encoding: .utf8) }
    }

    func serviceFolder(_ service: String) -> URL {
        root.appendingPathComponent(Self.fileName(for: service), isDirectory: true)
    }

    func entry(service: String, account: String) -> URL {
        serviceFolder(service).appendingPathComponent(Self.fileName(for: account))
    }

    func read(service: String, account: String) throws(Keychain.Failure) -> Data? {
        let path = entry(service: service, account: account).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(message: "The key store holds this entry but can't read it.")
        }
        return data
    }

    func write(_ data: Data, service: String, account: String) throws(Keychain.Failure) {
        let folder = try ensureFolder(service)
        let target = entry(service: service, account: account)
        let temporary = folder.appendingPathComponent(".tmp-" + RandomToken.make(bytes: 9))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable(message: "The key store can't write in its folder (errno \(errno)).")
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw .unavailable(message: "The key store couldn't write the entry (errno \(errno)).")
        }
        // The rename lives in the folder: sync it so the new entry survives a crash.
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    func remove(service: String, account: String) throws(Keychain.Failure) -> Bool {
        let path = entry(service: service, account: account).path
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw .unavailable(message: "The key store couldn't remove the entry (errno \(errno)).")
    }

    func accounts(service: String) throws(Keychain.Failure) -> [String] {
        let folder = serviceFolder(service)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw .unavailable(message: "The key store's folder can't be listed.")
        }
        return files.filter { !$0.hasSuffix(".lock") }.compactMap(Self.name(fromFileName:)).sorted()
    }

    /// Creates the root and the service's folder, 0700, when missing; on every use, refuses a folder
    /// another user owns, tightens a looser one to 0700, and removes temporary files left by a write
    /// that stopped more than `staleAfter` ago.
    @discardableResult
    func ensureFolder(_ service: String) throws(Keychain.Failure) -> URL {
        let folder = serviceFolder(service)
        for url in [root, folder] {
            if !FileManager.default.fileExists(atPath: url.path) {
                do {
                    try FileManager.default.createDirectory(
                        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw .unavailable(message: "The key store's folder can't be made.")
                }
            }
            try Self.makePrivate(url)
        }
        sweepTemporaryFiles(in: folder)
        return folder
    }

    /// How old a temporary file is before a later write removes it.
    static let staleAfter: TimeInterval = 60

    /// Refuses a folder another user owns; sets it to 0700 when its mode is looser.
    static func makePrivate(_ url: URL) throws(Keychain.Failure) {
        var status = stat()
        guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .unavailable(message: "The key store's folder can't be used.")
        }
        guard status.st_uid == geteuid() else {
            throw .unavailable(message: "The key store's folder belongs to another user.")
        }
        if status.st_mode & 0o777 != 0o700, chmod(url.path, 0o700) != 0 {
            throw .unavailable(message: "The key store's folder can't be made private (errno \(errno)).")
        }
    }

    /// Removes the `.tmp-*` files in `folder` last changed more than `staleAfter` ago.
    func sweepTemporaryFiles(in folder: URL, now: Date = Date()) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for file in files where file.hasPrefix(".tmp-") {
            let path = folder.appendingPathComponent(file).path
            guard let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                now.timeIntervalSince(changed) > Self.staleAfter
            else { continue }
            unlink(path)
        }
    }

    /// Runs `body` holding an exclusive `flock` on the entry's lock file, trying every 10 ms for at
    /// most `wait`; throws `Keychain.Failure.heldElsewhere` when another holder keeps it.
    func withLock<T: Sendable>(
        service: String, account: String, wait: Duration, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let folder = try ensureFolder(service)
        let path = folder.appendingPathComponent(Self.fileName(for: account) + ".lock").path
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw Keychain.Failure.unavailable(message: "The key store's lock can't be opened.")
        }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + wait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard ContinuousClock.now < deadline else { throw Keychain.Failure.heldElsewhere }
            try await Task.sleep(for: .milliseconds(10))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }
}

/// `write(2)`, named apart from the method above.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
