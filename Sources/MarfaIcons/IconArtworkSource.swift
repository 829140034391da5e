/// A set of artwork beyond Lucide, made drawable with `IconArtwork.register(_:)`.
public protocol IconArtworkSource: Sendable {
    /// The Iconify prefix the source draws, such as `simple-icons`.
    var prefix: String { get }
    /// The artwork for `name` (the part after `prefix:`), or nil when the set has no such icon.
    func artwork(named name: String) -> IconArtwork?
}
