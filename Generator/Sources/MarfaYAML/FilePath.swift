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
}
