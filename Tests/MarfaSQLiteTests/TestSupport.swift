import Foundation
import Synchronization
import Testing

/// A flag or counter shared between a test and the bodies it hands to a pool's threads.
final class SharedCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    /// Adds one and answers the new value.
    func incremented() -> Int { count.add(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}

/// The test gave up waiting: something that should have happened did not.
struct SafetyTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "Gave up waiting for \(what)" }
}

/// Runs `operation`, failing with `SafetyTimeout` if it has not finished after `seconds`. The limit
/// only turns a hang into a failure; nothing is asserted about how long the operation takes.
func withSafetyTimeout<T: Sendable>(
    _ what: String, seconds: Int = 60, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw SafetyTimeout(what: what) }
        return value
    }
}

/// Runs `body` on a new thread of its own, for blocking calls that must not hold a cooperative thread.
func onDedicatedThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
