import Synchronization

/// The registered artwork sources, by prefix; safe to use from any thread.
final class IconArtworkRegistry: Sendable {
    static let shared = IconArtworkRegistry()

    private let sources = Mutex<[String: any IconArtworkSource]>([:])

    func register(_ source: any IconArtworkSource) {
        sources.withLock { $0[source.prefix] = source }
    }

    func source(forPrefix prefix: String) -> (any IconArtworkSource)? {
        sources.withLock { $0[prefix] }
    }
}
