/// A file a pass left alone, and why; nothing of it was lost.
public struct FlaggedFile: Sendable, Hashable {
    /// Why a file was left alone.
    public enum Flag: String, Sendable, Hashable {
        /// A symbolic link: never followed.
        case symlink
        /// A name the other platform can't hold.
        case illegalName
        /// It couldn't be read, or it changed while the pass read it.
        case unreadable
        /// Changed on disk and on the instance: both kept, the disk's text in a conflicted copy.
        case conflicted
        /// Its removal waits for `confirmRemoval(in:)`.
        case removalPaused
        /// A write or send failed; the next pass tries again.
        case failed
    }

    /// Relative to the folder.
    public var path: String
    /// Why it was left alone.
    public var flag: Flag
    /// A sentence fit to show a person.
    public var reason: String
    /// The item the file stands for, when it has one.
    public var item: String?

    /// A value with these members.
    public init(path: String, flag: Flag, reason: String, item: String? = nil) {
        self.path = path
        self.flag = flag
        self.reason = reason
        self.item = item
    }
}
