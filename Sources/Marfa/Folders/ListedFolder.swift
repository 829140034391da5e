import Foundation

/// A folder on this machine the registry lists: its directory and the folder it follows.
public struct ListedFolder: Sendable, Hashable {
    /// The directory, resolved.
    public var directory: URL
    /// The id of the `system.folder` it follows.
    public var folderId: String

    /// A folder with these values.
    public init(directory: URL, folderId: String) {
        self.directory = directory
        self.folderId = folderId
    }
}
