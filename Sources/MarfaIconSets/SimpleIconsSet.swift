/// The Simple Icons brand marks Marfa pins (`simple-icons:` IDs): Simple Icons 16.36.0.
///
/// Only the names live here; the artwork ships in the `MarfaBrandIcons` product.
public enum SimpleIconsSet: PinnedIconSet {
    public static let prefix = "simple-icons"
    /// The Simple Icons release the names come from.
    public static let version = "16.36.0"
    public static let names: [String] = splitNames(pinnedNames)
    public static let ids: [String] = names.map { "\(prefix):\($0)" }
}
