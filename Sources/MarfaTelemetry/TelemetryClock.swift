/// The time the batch timer, the rate limits and `flush`'s deadline go by. Tests inject a clock
/// that moves only when they say.
protocol TelemetryClock: Sendable {
    /// Time since an arbitrary origin; it never goes back.
    var now: Duration { get }
    /// Returns once `now` has reached `deadline`; throws `CancellationError` when the task is canceled.
    func sleep(until deadline: Duration) async throws
}

/// The real clock: `ContinuousClock`, measured from when it was made.
struct ContinuousTelemetryClock: TelemetryClock {
    private let origin = ContinuousClock.now

    var now: Duration { ContinuousClock.now - origin }

    func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: origin + deadline)
    }
}
