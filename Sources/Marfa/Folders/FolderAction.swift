/// One step a pass takes to bring a file and its item into step.
enum FolderAction: Sendable {
    /// A new file: a new item.
    case sendNew(ScannedFile)
    /// A file recorded before its create was queued, whose item the copy doesn't hold: its
    /// create again, under the same id.
    case resend(ScannedFile, FolderLedger.Entry)
    /// A file changed on disk: an edit of its item.
    case sendChange(ScannedFile, FolderLedger.Entry, Item)
    /// A file renamed or moved: the same item, retitled when its name changed.
    case move(FolderLedger.Entry, ScannedFile, Item)
    /// An item made elsewhere: a new file.
    case writeNew(Item, path: String)
    /// An item changed elsewhere: its file rewritten.
    case rewrite(FolderLedger.Entry, Item)
    /// Changed on both sides: the instance's text in the file, the disk's in a conflicted copy.
    case conflict(ScannedFile, FolderLedger.Entry, Item)
    /// Both sides already agree: the ledger learns it.
    case record(FolderLedger.Entry)
    /// A file removed on disk: its item deleted.
    case removeItem(FolderLedger.Entry, Item)
    /// An item that left the folder: its file removed.
    case removeFile(FolderLedger.Entry)
    /// Gone on both sides: the ledger forgets it.
    case forget(FolderLedger.Entry)

    /// An item written to disk: a new file or one rewritten.
    var comesToDisk: Bool {
        switch self {
        case .writeNew, .rewrite: true
        default: false
        }
    }

    /// A removal on either side.
    var removes: Bool {
        switch self {
        case .removeItem, .removeFile: true
        default: false
        }
    }

    /// Whether the step writes to disk.
    var writes: Bool {
        switch self {
        case .writeNew, .rewrite, .conflict: true
        default: false
        }
    }

    /// Whether the step sends a file to the instance.
    var sends: Bool {
        switch self {
        case .sendNew, .resend, .sendChange: true
        default: false
        }
    }
}
