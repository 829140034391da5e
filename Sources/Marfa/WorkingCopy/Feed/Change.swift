/// One thing that changed in a working copy, told on `changes()`.
public struct Change: Sendable, Hashable {
    /// Where a change came from.
    public enum Origin: Sendable, Hashable {
        /// This copy queued a write.
        case local(WriteKind)
        /// The copy applied a server event (`item.updated`, `edge.created`…); `cursor` is its id.
        case server(event: String, cursor: String)
        /// The server couldn't be reached; told once until it is reached again.
        case serverUnreachable(MarfaError)
        /// The server was reached again: the moment to drain.
        case serverReachable
        /// A drain recorded the server's answer to a queued write.
        case answered(DrainVerdict)
        /// A reader saw the writer save the store.
        case saved(dataVersion: Int64)
        /// Much may have changed: read again.
        case refreshed(Refresh)
        /// The follow of the server's events ended with this error. It stays stopped until the
        /// next hydration or catch-up; local writes are still told.
        case stopped(MarfaError)
    }

    /// What a `refreshed` change refreshed.
    public enum Refresh: String, Sendable, Hashable, CaseIterable {
        /// A hydration replaced the slice.
        case hydrated
        /// A catch-up applied the events since the cursor.
        case caughtUp
        /// A drain answered queued writes.
        case drained
        /// A blocked write was withdrawn.
        case withdrawn
        /// An item was pinned.
        case pinned
        /// An item was unpinned.
        case unpinned
        /// An item was purged.
        case purged
        /// The type catalog changed.
        case catalog
        /// A view was made, changed or deleted.
        case views
        /// A folder's settings were made, changed or revoked.
        case folderWritten
    }

    /// Where the change came from.
    public var origin: Origin
    /// The item it touched, if one.
    public var itemId: String?
    /// The edge it touched, if one.
    public var edgeId: String?

    /// A change with these values, for an app's previews and tests.
    public init(origin: Origin, itemId: String? = nil, edgeId: String? = nil) {
        self.origin = origin
        self.itemId = itemId
        self.edgeId = edgeId
    }
}

/// A change as the store's journal keeps it, with its position.
public struct JournaledChange: Sendable, Hashable {
    /// The entry's position: pass the last one seen to `changes(since:most:)`.
    public var position: Int64
    /// What changed.
    public var change: Change

    /// An entry with these values.
    public init(position: Int64, change: Change) {
        self.position = position
        self.change = change
    }
}
