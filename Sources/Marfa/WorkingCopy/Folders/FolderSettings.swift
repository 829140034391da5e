/// What a folder holds and what a new file in it takes: the settings a `system.folder` carries.
public struct FolderSettings: Sendable, Hashable {
    /// The folder's name; required to create one.
    public var title: String?
    /// Which items the folder holds.
    public var search: FolderSearch
    /// What a new file leaves blank.
    public var defaults: FolderDefaults
    /// Gitignore patterns of the paths a folder on disk takes; empty takes every path.
    public var include: [String]
    /// Gitignore patterns of the paths it leaves alone; they win over `include`.
    public var ignore: [String]
    /// Where an item of a type made elsewhere first appears, from type to directory.
    public var firstPlacement: [String: String]
    /// How large a removal must be to wait for confirmation.
    public var removalThreshold: RemovalThreshold

    /// A value with these members.
    public init(
        title: String? = nil, search: FolderSearch = FolderSearch(), defaults: FolderDefaults = FolderDefaults(),
        include: [String] = [], ignore: [String] = [], firstPlacement: [String: String] = [:],
        removalThreshold: RemovalThreshold = RemovalThreshold()
    ) {
        self.title = title
        self.search = search
        self.defaults = defaults
        self.include = include
        self.ignore = ignore
        self.firstPlacement = firstPlacement
        self.removalThreshold = removalThreshold
    }

    /// The type a new file becomes: the defaults', else the search's first, else `core.note`.
    public var newType: String { defaults.type ?? search.types.first ?? "core.note" }

    /// The tier a new file is made in: the defaults', else the search's.
    public var newTier: Tier { defaults.tier ?? search.heldTier }
}
