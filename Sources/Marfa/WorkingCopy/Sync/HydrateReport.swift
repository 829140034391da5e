/// What a hydration read and stored.
public struct HydrateReport: Sendable, Hashable {
    /// A declared type the instance lacks and the credential could not register.
    public struct UnregisteredType: Sendable, Hashable {
        /// The type identifier.
        public var id: String
        /// The server's code for the refusal.
        public var code: String
        /// The server's message.
        public var message: String

        /// A refusal with these values.
        public init(id: String, code: String, message: String) {
            self.id = id
            self.code = code
            self.message = message
        }
    }

    /// The types the slice holds.
    public var types: [String]
    /// The tier the slice holds.
    public var tier: SliceTier
    /// The edge types held whole.
    public var edgeTypes: [String]
    /// The items stored.
    public var items: Int
    /// The edges stored.
    public var edges: Int
    /// The pages read.
    public var pages: Int
    /// The event cursor stored: the instance's log head before any row was read.
    public var cursor: String
    /// The declared types this hydration registered on the instance.
    public var registeredTypes: [String]
    /// The declared types the instance lacks and refused.
    public var unregisteredTypes: [UnregisteredType]

    /// A report with these values, for an app's previews and tests.
    public init(
        types: [String], tier: SliceTier, edgeTypes: [String] = [], items: Int = 0, edges: Int = 0, pages: Int = 0,
        cursor: String = "0", registeredTypes: [String] = [], unregisteredTypes: [UnregisteredType] = []
    ) {
        self.types = types
        self.tier = tier
        self.edgeTypes = edgeTypes
        self.items = items
        self.edges = edges
        self.pages = pages
        self.cursor = cursor
        self.registeredTypes = registeredTypes
        self.unregisteredTypes = unregisteredTypes
    }
}
