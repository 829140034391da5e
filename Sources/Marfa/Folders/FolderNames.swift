import Foundation

/// File names both Linux and macOS can hold: no `/`, `:` or control character, none that is only
/// dots, none longer than 255 bytes. A file named otherwise is flagged and left alone, and an
/// item's title is made into such a name before it is written.
enum FolderNames {
    /// Why `name` can't be held on both platforms, or nil when it can.
    static func problem(with name: String) -> String? {
        if name.utf8.count > 255 { return "The name is longer than 255 bytes." }
        if name.contains(":") { return "The name holds a colon, which macOS doesn't allow in a file name." }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "The name holds a control character."
        }
        return nil
    }

    /// A file name for an item titled `title`, ending in `suffix`.
    static func fileName(for title: String, suffix: String = ".md") -> String {
        var name = String(
            title.unicodeScalars.map { scalar -> Character in
                scalar == "/" || scalar == ":" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
                    ? "-" : Character(scalar)
            }
        ).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty { name = "Untitled" }
        while name.utf8.count + suffix.utf8.count > 255 { name.removeLast() }
        return name.hasSuffix(suffix) ? name : name + suffix
    }

    /// `path` with ` (n)` before its extension: the name a file written beside another takes.
    static func beside(_ path: String, _ n: Int, label: String? = nil) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 } ?? name.endIndex
        let mark = [label, n > 1 || label == nil ? String(n) : nil].compactMap { $0 }.joined(separator: " ")
        return String(path[..<dot]) + " (\(mark))" + String(path[dot...])
    }

    /// The title a file at `path` gives its item: its name without the extension.
    static func title(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
