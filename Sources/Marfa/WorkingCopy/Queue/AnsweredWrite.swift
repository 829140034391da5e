/// A queued write with the verdict its answer (or the drain) gave it, ready to be recorded.
struct AnsweredWrite: Sendable {
    var verdict: Verdict
    var write: QueuedWrite
    /// The server's answer; nil for a verdict reached without one.
    var answer: WriteAnswer?
    var refusals: Int
}
