/// A change of a folder's settings: only the settings named are sent, each replacing the
/// folder's whole (send `[]` to empty a list).
public struct FolderSettingsChange: Sendable, Hashable {
    /// A new title, when given.
    public var title: String?
    /// A new search, when given.
    public var search: FolderSearch?
    /// New defaults, when given.
    public var defaults: FolderDefaults?
    /// New include patterns, when given.
    public var include: [String]?
    /// New ignore patterns, when given.
    public var ignore: [String]?
    /// New first placements, when given.
    public var firstPlacement: [String: String]?
    /// A new removal threshold, when given.
    public var removalThreshold: RemovalThreshold?

    /// A value with these members.
    public init(
        title: String? = nil, search: FolderSearch? = nil, defaults: FolderDefaults? = nil,
        include: [String]? = nil, ignore: [String]? = nil, firstPlacement: [String: String]? = nil,
        removalThreshold: RemovalThreshold? = nil
    ) {
        self.title = title
        self.search = search
        self.defaults = defaults
        self.include = include
        self.ignore = ignore
        self.firstPlacement = firstPlacement
        self.removalThreshold = removalThreshold
    }

    /// Whether the change names no setting.
    var isEmpty: Bool { self == FolderSettingsChange() }
}
