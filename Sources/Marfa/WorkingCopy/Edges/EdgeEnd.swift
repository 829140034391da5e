/// The end of an edge whose item writes it: for an edge between files in a folder, the file whose
/// text holds the link.
public enum EdgeEnd: String, Sendable, Hashable, CaseIterable, Codable {
    /// The edge's source item writes it.
    case source
    /// The edge's target item writes it.
    case target
}
