/// The Lucide icons Marfa pins (`lucide:` IDs): Lucide 1.61.0, from python-lucide 0.5.11.
public enum LucideIconSet: PinnedIconSet {
    public static let prefix = "lucide"
    /// The Lucide release the names come from.
    public static let version = "1.61.0"
    public static let names: [String] = splitNames(pinnedNames)
    public static let ids: [String] = names.map { "\(prefix):\($0)" }
}
