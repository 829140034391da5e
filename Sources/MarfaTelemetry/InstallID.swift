import Foundation

/// The distinct ID reports go out under: a random UUID made once per install and kept in a file
/// (mode 0600, in a folder of mode 0700). It carries nothing about the person. When the file can't
/// be read or made, a random ID for this process stands in.
enum InstallID {
    /// The ID kept at `file`, made and stored there when there is none (blocking file work).
    static func load(from file: URL?) -> String {
        guard let file else { return fresh() }
        if let kept = read(file) { return kept }
        let made = fresh()
        return store(made, at: file) ? (read(file) ?? made) : made
    }

    /// Where the ID of `serviceName` is kept when the configuration names no file.
    static func defaultFile(serviceName: String) -> URL? {
        let name = serviceName.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
                ? String(scalar) : "_"
        }.joined()
        guard let folder = baseFolder() else { return nil }
        return folder.appendingPathComponent("MarfaTelemetry", isDirectory: true)
            .appendingPathComponent("\(name.isEmpty ? "app" : name).install-id")
    }

    private static func baseFolder() -> URL? {
        #if canImport(Darwin)
        return FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        #else
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state", isDirectory: true)
        #endif
    }

    private static func fresh() -> String { UUID().uuidString.lowercased() }

    /// The ID in `file` when it holds exactly one lowercase UUID.
    private static func read(_ file: URL) -> String? {
        guard let data = try? Data(contentsOf: file), data.count <= 64,
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            let uuid = UUID(uuidString: text), uuid.uuidString.lowercased() == text
        else { return nil }
        return text
    }

    /// Writes `id` to a 0600 temporary file and moves it into place: linked when no file is there
    /// (so a second process's ID wins if it got there first), renamed over an unreadable one.
    private static func store(_ id: String, at file: URL) -> Bool {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { return false }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        guard writeNew(temporary.path, Array((id + "\n").utf8)) else { return false }
        defer { unlink(temporary.path) }
        if link(temporary.path, file.path) == 0 { return true }
        if errno == EEXIST, read(file) != nil { return true }
        return rename(temporary.path, file.path) == 0
    }

    private static func writeNew(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count && fsync(descriptor) == 0
    }
}
