/// A change of a folder's settings: only the settings named are sent, each replacing the
/// folder's whole (send `[]` to empty a list).
public struct FolderSettingsChange: Sendable, Hashable {
    public var title: String?
    public var search: FolderSearch?
    public var defaults: FolderDefaults?
    public var include: [String]?
    public var ignore: [String]?
    public var firstPlacement: [String: String]?
    public var removalThreshold: RemovalThreshold?

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
