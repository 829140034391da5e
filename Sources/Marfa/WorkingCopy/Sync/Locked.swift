import Synchronization

/// A value behind a lock, shared by reference: what closures of a sync step fill in.
final class Locked<Value: Sendable>: Sendable {
    private let state: Mutex<Value>

    init(_ value: Value) { state = Mutex(value) }

    /// Runs `body` on the value, holding the lock.
    func withLock<T>(_ body: (inout Value) -> T) -> T { state.withLock { body(&$0) } }

    /// The value now.
    var value: Value { state.withLock { $0 } }
}
