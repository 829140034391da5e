/// How large a removal must be to wait for confirmation: a pass that would remove more than
/// `files` files, or more than `fraction` of the files the folder holds, pauses.
public struct RemovalThreshold: Sendable, Hashable {
    /// nil is 10.
    public var files: UInt64?
    /// nil is 0.25.
    public var fraction: Double?

    /// A value with these members.
    public init(files: UInt64? = nil, fraction: Double? = nil) {
        self.files = files
        self.fraction = fraction
    }

    /// Whether removing `removed` of `held` files needs confirmation. A removal needs it when it
    /// is larger than both the count and the fraction allow.
    public func pauses(removing removed: Int, of held: Int) -> Bool {
        guard removed > 0 else { return false }
        let count = Int(clamping: files ?? 10)
        let share = fraction ?? 0.25
        return removed > count && Double(removed) > share * Double(held)
    }
}
