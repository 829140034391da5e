/// Lexical path handling for `$ref` targets: no file system access, symlinks are not followed.
enum FilePath {
    /// The directory part of `path` (`"a/b.yaml"` → `"a"`, `"b.yaml"` → `""`, `"/b.yaml"` → `"/"`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `relative` taken from `directory`; an absolute `relative` stands alone.
    static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalized(relative) }
        return normalized(directory.hasSuffix("/") ? directory + relative : directory + "/" + relative)
    }

    /// `path` with `.` and `name/..` segments and repeated slashes removed.
    /// Leading `..` segments of a relative path stay; `..` above `/` is dropped.
    static func normalized(_ path: String) -> String {
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default:
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalized` leaves `path` as it is: a non-empty path whose segments (after the leading
    /// `/` of an absolute one) are neither empty, `.` nor `..`. Checked byte by byte, as most paths are.
    private static func isNormalized(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var bytes = path.utf8[...]
        if bytes.first == slash { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return false }
        var segmentLength = 0
        var segmentDots = 0
        for byte in bytes {
            if byte == slash {
                guard segmentLength > 0, segmentDots < segmentLength || segmentLength > 2 else { return false }
                segmentLength = 0
                segmentDots = 0
            } else {
                segmentLength += 1
                if byte == dot { segmentDots += 1 }
            }
        }
        return segmentLength > 0 && (segmentDots < segmentLength || segmentLength > 2)
    }
}
