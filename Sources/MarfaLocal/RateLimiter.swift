import Foundation
import Synchronization

/// A fixed-window request budget per credential.
final class RateLimiter: Sendable {
    /// How many requests one credential may make in one window.
    let limit: Int
    let window: Duration

    private struct Window {
        var start: Date
        var count: Int
    }
    private let windows = Mutex<[String: Window]>([:])

    init(limit: Int, window: Duration) {
        self.limit = max(limit, 1)
        self.window = window
    }

    /// The outcome of counting one request.
    struct Decision: Sendable {
        var allowed: Bool
        var remaining: Int
        /// Unix seconds when the window ends.
        var reset: Int
        var retryAfter: Int
    }

    /// Counts one request of `credential` at `now`.
    func count(_ credential: String, now: Date) -> Decision {
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        return windows.withLock { windows in
            if windows.count > 10_000 { windows = windows.filter { now.timeIntervalSince($0.value.start) < seconds } }
            var current = windows[credential] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(current.start) >= seconds { current = Window(start: now, count: 0) }
            current.count += 1
            windows[credential] = current
            let end = current.start.addingTimeInterval(seconds)
            return Decision(
                allowed: current.count <= limit, remaining: max(limit - current.count, 0),
                reset: Int(end.timeIntervalSince1970.rounded(.up)),
                retryAfter: max(Int(end.timeIntervalSince(now).rounded(.up)), 1))
        }
    }
}
