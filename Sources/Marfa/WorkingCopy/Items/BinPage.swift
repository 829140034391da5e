/// One page of the bin, read from the server and never stored.
public struct BinPage: Sendable, Hashable {
    /// The items in the bin, newest first.
    public var items: [Item]
    /// Pass to `items.bin(after:)` for the next page; nil after the last.
    public var nextCursor: String?

    /// A page with these values, for an app's previews and tests.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
