/// Where an item lives: the `library` a person keeps, or the `feed` of things that arrive.
public enum Tier: String, Sendable, Hashable, CaseIterable {
    /// Things the person keeps.
    case library
    /// Things that arrive, such as messages and readings.
    case feed

    /// The tier of a wire value; nil for one this build does not know.
    init?(_ wire: Components.Schemas.Tier) {
        switch wire {
        case .library: self = .library
        case .feed: self = .feed
        case .unknown: return nil
        }
    }
}
