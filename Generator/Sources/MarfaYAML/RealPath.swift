#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path really leads: absolute, with symbolic links, `.` and `..` resolved by the file system.
enum RealPath {
    /// What resolving a path found.
    enum Resolution: Equatable {
        /// The path exists; its real path.
        case found(String)
        /// The path cannot be resolved (`reason` as the C library says it). `place` is the real path
        /// of its nearest resolvable ancestor followed by the rest, where the file would be.
        case missing(place: String, reason: String)

        /// The real path, or where the missing file would be.
        var path: String {
            switch self {
            case .found(let path), .missing(let path, _): path
            }
        }
    }

    /// Resolves `path` (relative paths are taken from the working folder).
    static func resolve(_ path: String) -> Resolution {
        let normalized = FilePath.normalized(path)
        switch existing(normalized) {
        case .success(let real):
            return .found(real)
        case .failure(let failure):
            let parent = FilePath.directory(of: normalized)
            let name = normalized.split(separator: "/").last.map(String.init) ?? normalized
            let base = resolve(parent.isEmpty ? "." : parent).path
            return .missing(place: base == "/" ? "/" + name : base + "/" + name, reason: failure.reason)
        }
    }

    /// Why `realpath` failed.
    struct Failure: Error {
        var reason: String
    }

    /// The real path of an existing `path`.
    static func existing(_ path: String) -> Result<String, Failure> {
        guard let resolved = realpath(path, nil) else {
            let text = strerror(errno).map { String(cString: $0) } ?? "error \(errno)"
            return .failure(Failure(reason: text))
        }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// `path` made absolute from the working folder, lexically (symbolic links kept).
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return FilePath.normalized(path) }
        guard case .success(let folder) = existing(".") else { return FilePath.normalized(path) }
        return FilePath.join(folder, path)
    }

    /// Whether the real path `path` is `folder` or lies under it (both real paths).
    static func isInside(_ path: String, folder: String) -> Bool {
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }
}
