/// One page of an item's earlier versions, oldest first.
///
/// A page can be short, or empty, with more to follow: stop only when `next` is nil.
public struct ItemSnapshotPage: Sendable, Hashable {
    /// The snapshots of this page, oldest first.
    public var snapshots: [ItemSnapshot]
    /// Pass as `after:` to read the next page; nil when there is none.
    public var next: Int64?

    /// A page as given, for previews and tests.
    public init(snapshots: [ItemSnapshot], next: Int64?) {
        self.snapshots = snapshots
        self.next = next
    }

    init(_ wire: Components.Schemas.ItemSnapshotPage) {
        self.init(snapshots: wire.snapshots.map(ItemSnapshot.init), next: wire.next)
    }
}
