/// Bounds that keep hostile or broken input from exhausting time, memory or stack.
public struct LoadLimits: Sendable, Hashable {
    /// The most nodes a document may produce, counting every copy an alias or merge key makes
    /// (mapping keys count as nodes). This stops "billion laughs" alias bombs.
    public var maxNodes: Int
    /// The deepest nesting of mappings and sequences allowed. Code that walks a tree recursively
    /// (including Swift's own destruction of nested arrays) needs stack in proportion to depth.
    public var maxDepth: Int

    public init(maxNodes: Int = 10_000_000, maxDepth: Int = 1_000) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
    }

    /// 10 million nodes, 1000 levels of nesting.
    public static let `default` = LoadLimits()
}
