/// The icon IDs this build accepts: a small stand-in for the pinned Lucide and Simple Icons sets
/// (`lucide:<name>`, `simple-icons:<name>`), which a later build ships whole.
enum IconAllowList {
    static let lucide: Set<String> = [
        "archive", "book", "book-open", "bookmark", "calendar", "circle", "clock", "file", "file-text",
        "flag", "folder", "heart", "house", "image", "inbox", "link", "list", "map-pin", "scale", "search", "square-check",
        "star", "sticky-note", "tag", "user", "users", "video",
    ]
    static let simpleIcons: Set<String> = [
        "apple", "github", "gitlab", "linux", "mastodon", "notion", "spotify", "swift", "wikipedia", "youtube",
    ]

    /// Whether `icon` names an icon of a pinned set.
    static func contains(_ icon: String) -> Bool {
        guard let colon = icon.firstIndex(of: ":") else { return false }
        let set = icon[..<colon]
        let name = String(icon[icon.index(after: colon)...])
        switch set {
        case "lucide": return lucide.contains(name)
        case "simple-icons": return simpleIcons.contains(name)
        default: return false
        }
    }

    /// `400 invalid_schema` unless `icon` is in a pinned set.
    static func check(_ icon: String) throws {
        guard contains(icon) else {
            throw LocalError(
                400, "invalid_schema", "The icon '\(icon)' is not in a pinned set; use lucide:<name> or simple-icons:<name>.",
                details: ["icon": .string(icon)])
        }
    }
}
