/// What `pin(_:)` or `unpin(_:)` did.
public struct PinReport: Sendable, Hashable {
    /// Whether the item is pinned now.
    public var pinned: Bool
    /// Whether it was pinned before the call.
    public var wasPinned: Bool

    /// A report with these values.
    public init(pinned: Bool, wasPinned: Bool) {
        self.pinned = pinned
        self.wasPinned = wasPinned
    }
}
