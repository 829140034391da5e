/// A loaded document: its root node and the warnings found while loading it.
public struct LoadedDocument: Sendable {
    /// The root node of the (only) document in the file.
    public let root: Node
    /// Things that did not stop loading, such as duplicate keys, in document order.
    public let warnings: [LoadWarning]

    public init(root: Node, warnings: [LoadWarning]) {
        self.root = root
        self.warnings = warnings
    }
}
