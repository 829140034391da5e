import Foundation

/// Runs CPU-heavy work (PBKDF2 over an owner password) on a thread of its own, so it never holds
/// one of the few cooperative threads the HTTP handlers need. The caller suspends meanwhile.
enum DedicatedThread {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
