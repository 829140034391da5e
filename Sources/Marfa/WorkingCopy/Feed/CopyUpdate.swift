/// The copy's connection as a person would see it, told on `updates()`.
public enum CopyUpdate: Sendable, Hashable {
    /// How far a hydration or catch-up has come, for a progress bar.
    public struct Progress: Sendable, Hashable {
        /// Pages read so far.
        public var pages: Int
        /// Items stored so far.
        public var items: Int
        /// Events applied so far.
        public var events: Int

        /// Progress with these counts.
        public init(pages: Int = 0, items: Int = 0, events: Int = 0) {
            self.pages = pages
            self.items = items
            self.events = events
        }
    }

    /// The copy has no server: it answers from the device only.
    case local
    /// The copy is reaching the server.
    case connecting
    /// The copy follows the server's events live.
    case following
    /// The server can't be reached; the copy tries again.
    case offline(MarfaError)
    /// The follow ended with this error until the next hydration or catch-up.
    case stopped(MarfaError)
    /// A hydration is running.
    case hydrating(Progress)
    /// A catch-up is running.
    case catchingUp(Progress)
    /// The copy holds its slice and is not following (no `changes()` stream held).
    case idle
}
