/// Where an item is in its life: `active`, `archived`, in the bin (`trashed`), or `revoked`
/// (`system.*` types only).
public enum ItemState: String, Sendable, Hashable, CaseIterable, Codable {
    /// In use: what reads answer unless asked otherwise.
    case active
    /// Kept, out of the way.
    case archived
    /// In the bin: left out of reads and search unless asked for, and purged after a while.
    case trashed
    /// Ended: a `system.*` item such as a key.
    case revoked

    /// The state of a wire value; nil for one this build does not know.
    init?(_ wire: Components.Schemas.ItemState) {
        self.init(rawValue: wire.rawValue)
    }
}
