import MarfaIconSets

/// The icon IDs this instance accepts: exactly the pinned Lucide and Simple Icons sets
/// (`lucide:<name>`, `simple-icons:<name>`), from the same data the SDK's icon products ship.
enum IconAllowList {
    /// Whether `icon` names an icon of a pinned set.
    static func contains(_ icon: String) -> Bool { IconSets.contains(icon) }

    /// `400 invalid_schema` unless `icon` is in a pinned set.
    static func check(_ icon: String) throws {
        guard contains(icon) else {
            throw LocalError(
                400, "invalid_schema",
                "The icon '\(icon)' is not in a pinned set; use lucide:<name> or simple-icons:<name>.",
                details: ["icon": .string(icon)])
        }
    }
}
