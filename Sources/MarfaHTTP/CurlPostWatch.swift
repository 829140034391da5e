#if canImport(CCurl)
/// Whether `CurlEventLoop` should watch its inbox for a moment after answering a caller instead of
/// going to sleep, learnt from how soon commands have followed its answers.
///
/// A caller that has a processor to itself often sends its next request within microseconds, and
/// watching for it costs less than a sleep and a wake-up. Where processors are scarce the caller
/// takes far longer, and a loop spinning meanwhile would only hold the processor the caller needs;
/// so the loop watches while the recent gaps (averaged, each counted up to 1 ms) are shorter than
/// the watch.
struct CurlPostWatch {
    /// How long the loop watches, in nanoseconds.
    static let window: UInt64 = 30_000
    private var averageGap: UInt64 = 0
    /// When the last answer went out, while no command has followed it.
    private var answeredAt: UInt64?

    /// Notes an answer handed over at `now`; true when the loop should watch for the next command.
    mutating func answered(at now: UInt64) -> Bool {
        answeredAt = now
        return averageGap < Self.window
    }

    /// Notes a command posted at `postedAt`, the first since the last answer or a later one.
    mutating func commandCame(postedAt: UInt64) {
        guard let answeredAt else { return }
        self.answeredAt = nil
        let gap = min(postedAt > answeredAt ? postedAt - answeredAt : 0, 1_000_000)
        averageGap = averageGap - averageGap / 4 + gap / 4
    }
}
#endif
