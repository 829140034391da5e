/// How often exceptions go out: once a minute for each kind and operation, and a number an hour
/// in all (a sliding hour). It counts what it holds back, so the next exception can say so.
struct ExceptionRateLimiter: Sendable {
    /// What an admitted exception says about those held back before it.
    struct Admission: Sendable, Hashable {
        /// Exceptions of any kind held back since the previous one sent.
        var heldBackSincePrevious: Int
        /// Exceptions of the same kind and operation held back since the previous one of them sent.
        var heldBackSameFailure: Int
    }

    struct Key: Hashable, Sendable {
        var type: String
        var operation: String
    }

    private struct PerFailure: Sendable {
        var lastSent: Duration
        var heldBack = 0
    }

    let interval: Duration
    let hourlyLimit: Int
    let window: Duration
    private var failures: [Key: PerFailure] = [:]
    private var sentTimes: [Duration] = []
    private var heldBackInAll = 0

    init(interval: Duration = .seconds(60), hourlyLimit: Int = 30, window: Duration = .seconds(3600)) {
        self.interval = interval
        self.hourlyLimit = hourlyLimit
        self.window = window
    }

    /// Counts a report of `key` at `now`: an admission when it may go out, nil when it is held back.
    mutating func admit(_ key: Key, at now: Duration) -> Admission? {
        sentTimes.removeAll { now - $0 >= window }
        let previous = failures[key]
        let tooSoon = previous.map { now - $0.lastSent < interval } ?? false
        guard !tooSoon, sentTimes.count < hourlyLimit else {
            failures[key, default: PerFailure(lastSent: previous?.lastSent ?? now - interval)].heldBack += 1
            heldBackInAll += 1
            return nil
        }
        let admission = Admission(heldBackSincePrevious: heldBackInAll, heldBackSameFailure: previous?.heldBack ?? 0)
        failures[key] = PerFailure(lastSent: now)
        sentTimes.append(now)
        heldBackInAll = 0
        forgetQuietFailures(at: now)
        return admission
    }

    /// Drops failures sent more than a window ago with nothing held back, so the table stays small.
    private mutating func forgetQuietFailures(at now: Duration) {
        guard failures.count > 256 else { return }
        failures = failures.filter { $0.value.heldBack > 0 || now - $0.value.lastSent < window }
    }
}
