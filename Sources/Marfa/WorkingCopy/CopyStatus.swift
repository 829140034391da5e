extension WorkingCopy {
    /// Whether the copy holds a whole slice: reads are refused unless it is `complete`.
    public enum Hydration: String, Sendable, Hashable, CaseIterable {
        /// The copy was never filled.
        case never
        /// A fill is running, or was interrupted.
        case inProgress
        /// The copy holds its whole slice.
        case complete
        /// A catch-up found the copy too old to follow; fill it again.
        case expired
    }

    /// Whether this copy writes its store or only reads it.
    public enum Handle: String, Sendable, Hashable {
        /// The copy writes the store: it hydrates, catches up and queues writes.
        case writer
        /// Another copy writes the store; this one only reads it.
        case reader
    }

    /// What the store holds and where it stands.
    public struct Status: Sendable, Hashable {
        /// The origin the store is bound to, or nil before it met a server.
        public var serverOrigin: String?
        /// The instance the copy was filled from.
        public var instanceId: String?
        /// The types the slice holds, each with its subtree.
        public var sliceTypes: [String]
        /// The tier the slice holds, or nil before the first fill.
        public var sliceTier: SliceTier?
        /// The edge types held whole.
        public var sliceEdgeTypes: [String]
        /// The items held outside the slice.
        public var pinned: [String]
        /// The last event applied, or nil before the first fill.
        public var eventCursor: String?
        /// Whether the copy holds a whole slice.
        public var hydration: Hydration
        /// Why the copy expired, when `hydration` is `expired`.
        public var expiredReason: String?
        /// How many items the store holds, the bin included.
        public var items: Int
        /// How many edges the store holds.
        public var edges: Int
        /// Moves whenever the catalog changes; nil before the first fill.
        public var catalogVersion: UInt64?
        /// The position of the newest entry in the store's change journal (see `changes(since:most:)`).
        public var changePosition: Int64
        /// How many queued writes the server has not answered: those waiting to be sent, and those a
        /// refused credential parked (`blocked(credentialRefused)` from a `401`), which go again
        /// after the next renewal or `useKey(_:)`.
        public var unsent: Int

        /// A status with these values, for an app's previews and tests.
        public init(
            serverOrigin: String? = nil, instanceId: String? = nil, sliceTypes: [String] = [],
            sliceTier: SliceTier? = nil,
            sliceEdgeTypes: [String] = [], pinned: [String] = [], eventCursor: String? = nil,
            hydration: Hydration = .never,
            expiredReason: String? = nil, items: Int = 0, edges: Int = 0, catalogVersion: UInt64? = nil,
            changePosition: Int64 = 0, unsent: Int = 0
        ) {
            self.serverOrigin = serverOrigin
            self.instanceId = instanceId
            self.sliceTypes = sliceTypes
            self.sliceTier = sliceTier
            self.sliceEdgeTypes = sliceEdgeTypes
            self.pinned = pinned
            self.eventCursor = eventCursor
            self.hydration = hydration
            self.expiredReason = expiredReason
            self.items = items
            self.edges = edges
            self.catalogVersion = catalogVersion
            self.changePosition = changePosition
            self.unsent = unsent
        }
    }
}
