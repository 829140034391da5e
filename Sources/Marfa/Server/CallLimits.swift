import MarfaHTTP

/// The time limits of the call running in the current task, set by `Server.run`.
///
/// Every request of the call (a renewal and a second try included) shares one `deadline`, so a
/// call takes at most its timeout in all; `idleTimeout` applies to each request on its own.
struct CallLimits: Sendable {
    /// When the whole call must be over; nil for no limit.
    var deadline: ContinuousClock.Instant?
    /// The longest the server may stay silent while a request waits for it; nil for no limit.
    var idleTimeout: Duration?

    @TaskLocal static var current: CallLimits?

    /// The transport limits for a request starting now, or nil when the deadline has passed.
    func transportLimits(now: ContinuousClock.Instant = .now) -> TransportLimits? {
        guard let deadline else { return TransportLimits(deadline: nil, idleTimeout: idleTimeout) }
        let remaining = deadline - now
        guard remaining > .zero else { return nil }
        return TransportLimits(deadline: remaining, idleTimeout: idleTimeout)
    }
}
