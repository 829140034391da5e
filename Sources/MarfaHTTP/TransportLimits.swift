/// The time limits of one call, for any client transport of this module.
///
/// A transport takes them from `TransportLimits.current` when the calling task set some, else from
/// its configuration. `deadline` counts from `send` until the last byte of the response body has
/// arrived; `idleTimeout` is the longest the server may stay silent while the transport waits for
/// it (for the head, and between parts of the body). Time spent waiting for the caller — a slow
/// reader of the body, a slow producer of a streamed request body — does not count. nil means no limit.
public struct TransportLimits: Sendable, Hashable {
    /// The longest the whole call may take; nil for no limit (needed for event streams).
    public var deadline: Duration?
    /// The longest silence from the server while the transport waits for it; nil for no limit.
    public var idleTimeout: Duration?

    /// Limits of `deadline` for the whole call and `idleTimeout` for silences; nil for none.
    public init(deadline: Duration? = nil, idleTimeout: Duration? = nil) {
        self.deadline = deadline
        self.idleTimeout = idleTimeout
    }

    /// Time limits for the calls made in the current task, replacing a transport's configured ones
    /// (both values; nil in a field means no limit). Read when `send` starts; they then hold until
    /// the response body is read.
    ///
    ///     try await TransportLimits.$current.withValue(.init(deadline: .seconds(5), idleTimeout: .seconds(2))) {
    ///         try await client.getItem(...)
    ///     }
    @TaskLocal public static var current: TransportLimits?
}
