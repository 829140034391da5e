/// Where a folder stands, read without a pass: its files, a paused removal, a first sync waiting.
public struct FolderStatus: Sendable, Hashable {
    /// Every file the folder takes or flags, by path.
    public var files: [FileStatus]
    /// The removal waiting for confirmation, if any.
    public var paused: PausedRemoval
    /// The first sync waiting for confirmation, else nil.
    public var firstSync: WaitingFirstSync?

    /// A value with these members.
    public init(files: [FileStatus], paused: PausedRemoval, firstSync: WaitingFirstSync?) {
        self.files = files
        self.paused = paused
        self.firstSync = firstSync
    }
}

/// One file of a folder and where it stands.
public struct FileStatus: Sendable, Hashable {
    /// Relative to the folder.
    public var path: String
    /// Where it stands.
    public var state: FileState
    /// The item it stands for, when it has one.
    public var item: String?

    /// A value with these members.
    public init(path: String, state: FileState, item: String?) {
        self.path = path
        self.state = state
        self.item = item
    }
}

/// Where a file stands.
public enum FileState: String, Sendable, Hashable {
    /// The file and its item hold the same text, and the instance has it.
    case inStep
    /// Its item's write waits in the queue.
    case waiting
    /// Its item is held by the copy, and the file changed since the last pass.
    case held
    /// A file no item stands for yet.
    case unmatched
    /// Its item is in step here, and the instance hasn't answered its write.
    case unreached
    /// Left alone: a link, a name the other platform can't hold, or outside the patterns.
    case outside
}

/// Removals a pass paused because they passed the removal threshold.
public struct PausedRemoval: Sendable, Hashable, Codable {
    /// Files removed on disk whose items would be deleted.
    public var disk: [String]
    /// Files whose items left the folder, which would be removed from disk.
    public var pull: [String]

    /// A value with these members.
    public init(disk: [String] = [], pull: [String] = []) {
        self.disk = disk
        self.pull = pull
    }

    /// Whether any removal waits.
    public var isPaused: Bool { !disk.isEmpty || !pull.isEmpty }
}

/// A first sync waiting for confirmation, and its plan.
public struct WaitingFirstSync: Sendable, Hashable {
    /// What the first sync would do.
    public var plan: FirstSyncPlan

    /// A value with these members.
    public init(plan: FirstSyncPlan) { self.plan = plan }
}

/// What `confirmRemoval(in:)` let go ahead: it happens on the next pass.
public struct ConfirmedRemoval: Sendable, Hashable {
    /// Files removed on disk, whose items this concerns.
    public var disk: Int
    /// Files whose items left the folder.
    public var pull: Int

    /// A value with these members.
    public init(disk: Int, pull: Int) {
        self.disk = disk
        self.pull = pull
    }
}

/// What `restoreRemoval(in:)` put back: files rewritten from their items, and files kept whose
/// items left the folder (sent again as new items).
public struct RestoredRemoval: Sendable, Hashable {
    /// Files removed on disk, whose items this concerns.
    public var disk: Int
    /// Files whose items left the folder.
    public var pull: Int

    /// A value with these members.
    public init(disk: Int, pull: Int) {
        self.disk = disk
        self.pull = pull
    }
}
