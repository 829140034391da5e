/// The two pinned sets together: the IDs a Marfa instance accepts as a type's icon.
public enum IconSets {
    /// Whether `id` names an icon of Lucide or Simple Icons as pinned in this build.
    public static func contains(_ id: String) -> Bool {
        LucideIconSet.contains(id) || SimpleIconsSet.contains(id)
    }

    /// Every accepted ID, Lucide first then Simple Icons, each sorted.
    public static let ids: [String] = LucideIconSet.ids + SimpleIconsSet.ids

    /// The name after `prefix:` in `id`, or nil when `id` has another prefix or an empty name.
    public static func name(in id: String, prefix: String) -> Substring? {
        guard id.hasPrefix(prefix), id.count > prefix.count + 1 else { return nil }
        let colon = id.index(id.startIndex, offsetBy: prefix.count)
        guard id[colon] == ":" else { return nil }
        return id[id.index(after: colon)...]
    }
}
