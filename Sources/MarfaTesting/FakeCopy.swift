#if DEBUG
import Marfa

/// A real `WorkingCopy` over an engine in memory, and the handles a test drives it by. Make one
/// with `WorkingCopy.fake(items:edges:itemTypes:edgeTypes:views:displays:linkCandidates:)`.
///
/// `copy` makes the argument checks, change feed and value conversion an app ships. The fake
/// answers reads, searches, writes, views and the queue from memory; a call it can't answer
/// exactly as a copy on a store would throws `FakeCopyError.unsupported(call:)`. It has no
/// server: `updates()` reports `.local` until a test sends something else.
public final class FakeCopy: Sendable {
    /// The working copy to hand to the code under test or to a preview.
    public let copy: WorkingCopy
    let engine: MemoryCopyEngine

    init(copy: WorkingCopy, engine: MemoryCopyEngine) {
        self.copy = copy
        self.engine = engine
    }

    /// The verdict a drain gives each write, asked once per write sent. The default accepts every
    /// write; `nil` leaves a write unanswered and ends the drain, as a lost server does.
    public var verdict: @Sendable (QueuedWrite) -> Verdict? {
        get { engine.script.verdict }
        set { engine.script.verdict = newValue }
    }

    /// The name and preview `items.displays(for:)` and `items.displays(of:)` answer for each item,
    /// one call per item. Without it those calls throw `FakeCopyError.unsupported(call:)`.
    public var displays: (@Sendable (Item) -> ItemDisplay)? {
        get { engine.script.displays }
        set { engine.script.displays = newValue }
    }

    /// What `items.linkCandidates(of:in:limit:)` answers for a target typed in the item with an id,
    /// at most `limit` of them, each answer's `target` replaced by the one asked. Without it that
    /// call throws `FakeCopyError.unsupported(call:)`.
    public var linkCandidates: (@Sendable (_ target: String, _ itemId: String) -> [LinkCandidate])? {
        get { engine.script.linkCandidates }
        set { engine.script.linkCandidates = newValue }
    }

    /// Every write the copy received, in order, with its verdict now: those the queue cleared
    /// (taken, forgotten, discarded, withdrawn) included.
    public var writes: [QueuedWrite] { engine.receivedWrites }

    /// Tells every `changes()` stream `change`, as if the copy had made it.
    public func send(_ change: Change) {
        copy.feed.send(change)
    }

    /// Tells every `updates()` sequence held `update`, such as `.offline(_:)` or `.stopped(_:)`;
    /// an update equal to the current one is not told again. Later sequences start with it.
    public func sendUpdate(_ update: CopyUpdate) {
        copy.connection.send(update)
    }
}
#endif
