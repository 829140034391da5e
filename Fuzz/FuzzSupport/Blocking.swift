import Dispatch

/// The answer `work` gives, waited for on the calling thread.
///
/// libFuzzer calls a target on its own thread, synchronously; code under test that is `async`
/// runs in a detached task while that thread waits.
package func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = AnswerBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.answer = await work()
        done.signal()
    }
    done.wait()
    return box.answer!
}

/// Where a detached task leaves its answer for the thread waiting on it; written once before the
/// semaphore is signalled and read after the wait.
private final class AnswerBox<T>: @unchecked Sendable {
    var answer: T?
}
