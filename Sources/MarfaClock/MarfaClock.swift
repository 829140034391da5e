import Foundation

/// Where the SDK and the local instance read the time and wait: token lifetimes, device-code
/// expiry, poll intervals, retention, rate-limit windows.
///
/// `SystemClock` is the real one. A test passes a `ManualClock` and moves time itself, so nothing
/// waits for real time to pass.
public protocol MarfaClock: Sendable {
    /// The current time.
    var now: Date { get }

    /// Suspends until `duration` has passed on this clock. Throws `CancellationError` when the
    /// task is canceled first.
    func sleep(for duration: Duration) async throws

    /// Suspends until `deadline` on this clock; returns at once when it has passed. Throws
    /// `CancellationError` when the task is canceled first.
    func sleep(until deadline: Date) async throws
}

extension MarfaClock {
    /// Suspends until `deadline` on this clock (to the millisecond, rounded up); returns at once
    /// when it has passed.
    public func sleep(until deadline: Date) async throws {
        let left = deadline.timeIntervalSince(now)
        guard left > 0 else { return }
        try await sleep(for: .milliseconds(Int64((left * 1000).rounded(.up))))
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
