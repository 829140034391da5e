/// A folder on the instance: its `system.folder` item's id, version and state, and the settings
/// it carries.
public struct Folder: Sendable, Hashable, Identifiable {
    /// The `system.folder` item's id.
    public var id: String
    /// The version a change is based on.
    public var version: Int64
    /// `.active`, or `.revoked` once revoked: a revoked folder changes no more.
    public var state: ItemState
    /// What the folder holds and what a new file takes.
    public var settings: FolderSettings

    /// A folder with these values.
    public init(id: String, version: Int64, state: ItemState, settings: FolderSettings) {
        self.id = id
        self.version = version
        self.state = state
        self.settings = settings
    }
}
