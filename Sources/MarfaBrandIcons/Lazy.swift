import Synchronization

/// A value made on first use, once, whichever thread asks first.
final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let storage = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        storage.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
