/// What a pass wrote to disk from the instance.
public struct FolderPull: Sendable, Hashable {
    /// New files written for items made elsewhere.
    public var written = 0
    /// Files rewritten for items changed elsewhere.
    public var rewritten = 0
    /// Files removed because their items left the folder.
    public var removed = 0
    /// Files changed on both sides: the instance's text in the file, the disk's in a copy beside.
    public var conflicts = 0

    /// A value with these members.
    public init(written: Int = 0, rewritten: Int = 0, removed: Int = 0, conflicts: Int = 0) {
        self.written = written
        self.rewritten = rewritten
        self.removed = removed
        self.conflicts = conflicts
    }
}
