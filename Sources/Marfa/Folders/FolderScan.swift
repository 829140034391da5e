/// What a pass found on disk and sent to the instance.
public struct FolderScan: Sendable, Hashable {
    /// Files the folder takes.
    public var files = 0
    /// Files read because their size or time changed.
    public var read = 0
    /// New files sent as new items.
    public var created = 0
    /// Changed files sent as edits.
    public var changed = 0
    /// Files renamed or moved: their items kept.
    public var moved = 0
    /// Files removed from disk whose items were deleted.
    public var removed = 0

    /// A value with these members.
    public init(files: Int = 0, read: Int = 0, created: Int = 0, changed: Int = 0, moved: Int = 0, removed: Int = 0) {
        self.files = files
        self.read = read
        self.created = created
        self.changed = changed
        self.moved = moved
        self.removed = removed
    }
}
