import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders on this machine, listed in one JSON file shared with other tools:
/// `{"folders": [{"dir", "folder", "device"}]}`. Every change is made under an exclusive `flock`
/// on a lock file beside it, and written beside and renamed over after an `fsync`, so a crash
/// leaves the old list or the new one. Its calls block: run them on `FolderThread`.
struct FolderRegistry: Sendable {
    /// One folder the registry lists.
    struct Entry: Codable, Sendable, Hashable {
        /// The directory, resolved.
        var dir: String
        /// The folder it follows.
        var folder: String
        /// The device the directory was on.
        var device: UInt64?
    }

    private struct Listing: Codable {
        var folders: [Entry] = []
    }

    let file: URL

    /// The file `MARFA_FOLDER_REGISTRY` names, else `folders.json` in the platform's
    /// application-support folder (`~/Library/Application Support/Marfa` on Apple platforms,
    /// `$XDG_DATA_HOME/marfa` or `~/.local/share/marfa` elsewhere).
    static func located(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let named = environment["MARFA_FOLDER_REGISTRY"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if canImport(Darwin)
        let base = URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support/Marfa")
        #else
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }?
            .appendingPathComponent("marfa") ?? URL(fileURLWithPath: home).appendingPathComponent(".local/share/marfa")
        #endif
        return base.appendingPathComponent("folders.json")
    }

    /// Every folder listed.
    func entries() throws(MarfaError) -> [Entry] { try change { _ in false } }

    /// Lists `dir` as following `folder`, replacing what it followed; refuses a directory inside
    /// another folder's or holding one.
    func add(_ dir: URL, folder: String) throws(MarfaError) {
        let path = Self.resolved(dir)
        _ = try change { listed throws(MarfaError) in
            if let other = listed.first(where: {
                $0.dir != path && (Self.nests(path, $0.dir) || Self.nests($0.dir, path))
            }) {
                throw .invalid(
                    message:
                        "\(path) and the folder \(other.dir) would hold one another's files; a folder can't sit inside another."
                )
            }
            listed.removeAll { $0.dir == path }
            listed.append(Entry(dir: path, folder: folder, device: Self.device(of: path)))
            return true
        }
    }

    /// Takes `dir` off the list; answers whether it was listed.
    func remove(_ dir: URL) throws(MarfaError) -> Bool {
        let path = Self.resolved(dir)
        var removed = false
        _ = try change { listed in
            let before = listed.count
            listed.removeAll { $0.dir == path }
            removed = listed.count != before
            return removed
        }
        return removed
    }

    /// Reads the list under the lock, applies `edit`, and writes it back when `edit` says so.
    private func change(_ edit: (inout [Entry]) throws(MarfaError) -> Bool) throws(MarfaError) -> [Entry] {
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(message: "The folder registry's directory \(directory.path) couldn't be made: \(error).")
        }
        let lock = try Self.lock(file.deletingPathExtension().appendingPathExtension("lock"))
        defer { close(lock) }
        var listing = try read()
        if try edit(&listing.folders) { try write(listing) }
        return listing.folders
    }

    private func read() throws(MarfaError) -> Listing {
        guard let data = FileManager.default.contents(atPath: file.path) else { return Listing() }
        do {
            return try JSONDecoder().decode(Listing.self, from: data)
        } catch {
            throw .store(message: "The folder registry \(file.path) can't be read: \(error).")
        }
    }

    private func write(_ listing: Listing) throws(MarfaError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(listing) } catch { throw .invalid(message: "\(error)") }
        try FolderFiles.replace(file, with: Array(data))
    }

    private static func lock(_ url: URL) throws(MarfaError) -> Int32 {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw .io(message: "The folder registry's lock \(url.path) couldn't be taken: \(FolderFiles.lastError()).")
        }
        return descriptor
    }

    /// A directory as the registry names it: resolved, so two spellings of one are one folder.
    static func resolved(_ dir: URL) -> String {
        dir.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func nests(_ inner: String, _ outer: String) -> Bool {
        inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    private static func device(of path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_dev)
    }
}
