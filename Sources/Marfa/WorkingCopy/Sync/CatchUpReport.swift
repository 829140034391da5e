/// What a catch-up applied.
public struct CatchUpReport: Sendable, Hashable {
    /// Events applied to the store.
    public var applied: Int
    /// Events passed over, the cursor still moving past them: older than the row held, the same
    /// as it (an echo of this copy's own answered write), or of a kind this build doesn't know.
    public var skipped: Int
    /// The cursor reached.
    public var cursor: String
    /// Whether the catch-up reached the instance's head (`stream_live`).
    public var reachedHead: Bool

    /// A report with these values, for an app's previews and tests.
    public init(applied: Int = 0, skipped: Int = 0, cursor: String, reachedHead: Bool = true) {
        self.applied = applied
        self.skipped = skipped
        self.cursor = cursor
        self.reachedHead = reachedHead
    }
}
