import Foundation

/// The real time: `Date()` and `Task.sleep`.
public struct SystemClock: MarfaClock {
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension MarfaClock where Self == SystemClock {
    /// The real time.
    public static var system: SystemClock { SystemClock() }
}
