#if DEBUG
import Marfa

extension WorkingCopy {
    /// A fake working copy for tests and previews: `copy` is a real `WorkingCopy` over an engine
    /// that keeps `items`, `edges`, the types and `views` in memory, as a complete copy with no
    /// server (`updates()` reports `.local`).
    ///
    /// It knows only `itemTypes`, `edgeTypes` and the types the app declares, not Marfa's built-in
    /// catalog. `displays` and `linkCandidates` script the calls that need the core's rules (see
    /// `FakeCopy`); without them those calls throw `FakeCopyError.unsupported(call:)`.
    public static func fake(
        items: [Item] = [], edges: [Edge] = [], itemTypes: [ItemType] = [], edgeTypes: [EdgeType] = [],
        views: [View] = [],
        displays: (@Sendable (Item) -> ItemDisplay)? = nil,
        linkCandidates: (@Sendable (_ target: String, _ itemId: String) -> [LinkCandidate])? = nil
    ) -> FakeCopy {
        let script = FakeCopyScript(displays: displays, linkCandidates: linkCandidates)
        let engine = MemoryCopyEngine(
            items: items, edges: edges, itemTypes: itemTypes, edgeTypes: edgeTypes, views: views, script: script)
        let feed = ChangeFeed()
        let drainer = MemoryCopyDrainer(engine: engine, feed: feed)
        let copy = WorkingCopy(
            engine: engine, sync: nil, drainer: drainer, feed: feed, connection: UpdateFeed(initial: .local))
        return FakeCopy(copy: copy, engine: engine)
    }
}
#endif
