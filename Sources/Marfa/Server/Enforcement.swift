/// The instance's enforcement levers, part of its settings.
public struct Enforcement: Sendable, Hashable {
    /// Types whose undeclared properties are refused (`400 invalid_properties`); nil when off.
    public var strictModeTypes: [String]?
    /// Creates of these types from other sources are refused (`403 forbidden`); nil when off.
    public var sourceAllowlist: SourceRule?
    /// Reads that return a set of these types show only these sources (never a read by ID); nil when off.
    public var sourceFilter: SourceRule?

    /// Levers as given; nil leaves a lever off.
    public init(strictModeTypes: [String]? = nil, sourceAllowlist: SourceRule? = nil, sourceFilter: SourceRule? = nil) {
        self.strictModeTypes = strictModeTypes
        self.sourceAllowlist = sourceAllowlist
        self.sourceFilter = sourceFilter
    }

    /// A lever that names types and the sources it allows for them.
    public struct SourceRule: Sendable, Hashable {
        /// The types the lever applies to.
        public var types: [String]
        /// The sources the lever allows for them.
        public var sources: [String]

        /// A lever naming `types` and the `sources` it allows.
        public init(types: [String], sources: [String]) {
            self.types = types
            self.sources = sources
        }

        init(_ wire: Components.Schemas.SourceLever) { self.init(types: wire.types, sources: wire.sources) }

        var wire: Components.Schemas.SourceLever { .init(types: types, sources: sources) }
    }

    init(_ wire: Components.Schemas.Enforcement) {
        self.init(
            strictModeTypes: wire.strictMode?.types, sourceAllowlist: wire.sourceAllowlist.map(SourceRule.init),
            sourceFilter: wire.sourceFilter.map(SourceRule.init))
    }

    /// The patch that makes the levers exactly these: a lever left nil is removed.
    var wirePatch: Components.Schemas.EnforcementPatch {
        .init(
            strictMode: Nullable(strictModeTypes.map { Components.Schemas.TypeList(types: $0) }),
            sourceAllowlist: Nullable(sourceAllowlist?.wire), sourceFilter: Nullable(sourceFilter?.wire))
    }
}
