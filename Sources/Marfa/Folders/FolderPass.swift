/// One pass over a folder: what it found and sent, the drain, what it wrote.
public struct FolderPass: Sendable, Hashable {
    /// The settings the pass followed.
    public var settings: FolderSettings
    /// What the pass found on disk and sent.
    public var scan: FolderScan
    /// The drain that sent the pass's writes; `unavailable` says when the instance wasn't reached.
    public var drain: DrainReport
    /// Edits sent on a version newer than the file was last in step with.
    public var rebased: Int
    /// Files whose text gave way to the instance's, kept in a conflicted copy.
    public var gaveWay: Int
    /// What the pass wrote to disk, nil when it read nothing from the instance.
    public var pull: FolderPull?
    /// The files it left alone.
    public var flagged: [FlaggedFile]

    /// A value with these members.
    public init(
        settings: FolderSettings, scan: FolderScan, drain: DrainReport, rebased: Int = 0, gaveWay: Int = 0,
        pull: FolderPull? = nil, flagged: [FlaggedFile] = []
    ) {
        self.settings = settings
        self.scan = scan
        self.drain = drain
        self.rebased = rebased
        self.gaveWay = gaveWay
        self.pull = pull
        self.flagged = flagged
    }
}
