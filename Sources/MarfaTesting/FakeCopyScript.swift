#if DEBUG
import Marfa
import Synchronization

/// What a test scripts on a fake copy, shared by the `FakeCopy`, its engine and its drainer: the
/// verdict a drain gives each write, and the answers of the calls that need the core's rules.
final class FakeCopyScript: Sendable {
    /// The verdict for a write; nil leaves it unanswered.
    typealias VerdictRule = @Sendable (QueuedWrite) -> Verdict?
    /// The name and preview of an item.
    typealias DisplayRule = @Sendable (Item) -> ItemDisplay
    /// The link candidates for a target typed in the item with an id.
    typealias LinkCandidateRule = @Sendable (_ target: String, _ itemId: String) -> [LinkCandidate]

    private struct Rules {
        var verdict: VerdictRule
        var displays: DisplayRule?
        var linkCandidates: LinkCandidateRule?
    }

    private let rules: Mutex<Rules>

    init(displays: DisplayRule?, linkCandidates: LinkCandidateRule?) {
        rules = Mutex(Rules(verdict: { _ in .accepted }, displays: displays, linkCandidates: linkCandidates))
    }

    var verdict: VerdictRule {
        get { rules.withLock { $0.verdict } }
        set { rules.withLock { $0.verdict = newValue } }
    }

    var displays: DisplayRule? {
        get { rules.withLock { $0.displays } }
        set { rules.withLock { $0.displays = newValue } }
    }

    var linkCandidates: LinkCandidateRule? {
        get { rules.withLock { $0.linkCandidates } }
        set { rules.withLock { $0.linkCandidates = newValue } }
    }
}
#endif
