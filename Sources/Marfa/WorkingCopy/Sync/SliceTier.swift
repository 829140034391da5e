/// The tier a working copy holds: the `library`, the `feed`, or `all` of both.
public enum SliceTier: String, Sendable, Hashable, CaseIterable, Codable {
    /// Things the person keeps.
    case library
    /// Things that arrive, such as messages and readings.
    case feed
    /// Both tiers.
    case all

    /// The slice tier that holds exactly `tier`.
    public init(_ tier: Tier) {
        switch tier {
        case .library: self = .library
        case .feed: self = .feed
        }
    }

    /// Whether an item of `tier` (nil: the server's default, `library`) is in this slice.
    func holds(_ tier: Tier?) -> Bool {
        switch self {
        case .all: true
        case .library: (tier ?? .library) == .library
        case .feed: tier == .feed
        }
    }
}
