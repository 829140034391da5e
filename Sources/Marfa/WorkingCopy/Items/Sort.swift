/// The order `items.list` answers in: by a time, ascending or descending. Ties go by id.
public struct Sort: Sendable, Hashable {
    /// The time items are ordered by.
    public var field: SortField
    /// Oldest or newest first.
    public var direction: SortDirection

    /// An order; the default is newest made first.
    public init(field: SortField = .createdAt, direction: SortDirection = .descending) {
        self.field = field
        self.direction = direction
    }
}

/// A time items can be ordered by.
public enum SortField: String, Sendable, Hashable, CaseIterable {
    /// When the item was made.
    case createdAt
    /// When the item was last written.
    case updatedAt
    /// The item's own time.
    case occurredAt
}

/// Oldest first or newest first.
public enum SortDirection: String, Sendable, Hashable, CaseIterable {
    /// Oldest first.
    case ascending
    /// Newest first.
    case descending
}
