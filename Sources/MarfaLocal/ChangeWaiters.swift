import Foundation
import MarfaClock
import Synchronization

/// Tasks waiting for a change they can check, keyed by what they watch: whoever makes the change
/// calls `wake(key)`, and every waiter of `key` checks again. Nothing polls; a waiter gives up
/// after its limit, read on the clock it names.
final class ChangeWaiters<Key: Hashable & Sendable>: Sendable {
    private enum Waiter {
        /// Registered, not suspended yet.
        case pending
        /// Woken before it suspended: it checks again at once.
        case woken
        case suspended(CheckedContinuation<Void, Never>)
    }

    private struct State {
        var nextID = 0
        var waiters: [Key: [Int: Waiter]] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// Waits until `isDone()` holds, checking it now and after every `wake(key)`, for at most
    /// `limit` on `clock`. Answers whether it held; a canceled task stops waiting and answers the
    /// check as it stands.
    func wait(
        for key: Key, atMost limit: Duration, on clock: any MarfaClock, until isDone: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = clock.now.addingTimeInterval(limit.inSeconds)
        while true {
            let id = register(key)
            if try await isDone() {
                unregister(key, id)
                return true
            }
            if Task.isCancelled || clock.now >= deadline {
                unregister(key, id)
                return false
            }
            await suspend(key, id, until: deadline, on: clock)
        }
    }

    /// Wakes every waiter of `key` to check again.
    func wake(_ key: Key) {
        let continuations = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard let waiters = state.waiters[key] else { return [] }
            var suspended: [CheckedContinuation<Void, Never>] = []
            for (id, waiter) in waiters {
                switch waiter {
                case .suspended(let continuation):
                    suspended.append(continuation)
                    state.waiters[key]?[id] = nil
                case .pending, .woken:
                    state.waiters[key]?[id] = .woken
                }
            }
            if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
            return suspended
        }
        for continuation in continuations { continuation.resume() }
    }

    private func register(_ key: Key) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.waiters[key, default: [:]][state.nextID] = .pending
            return state.nextID
        }
    }

    private func unregister(_ key: Key, _ id: Int) {
        state.withLock { state in
            state.waiters[key]?[id] = nil
            if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
        }
    }

    /// Suspends waiter `id` until it is woken, `deadline` passes on `clock`, or the task is canceled.
    private func suspend(_ key: Key, _ id: Int, until deadline: Date, on clock: any MarfaClock) async {
        let timer = Task { [weak self] in
            try? await clock.sleep(until: deadline)
            self?.wake(key, only: id)
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard case .pending? = state.waiters[key]?[id] else {
                        state.waiters[key]?[id] = nil
                        return true
                    }
                    state.waiters[key]?[id] = .suspended(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            wake(key, only: id)
        }
    }

    /// Wakes waiter `id` alone (its deadline passed, or its task was canceled).
    private func wake(_ key: Key, only id: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            switch state.waiters[key]?[id] {
            case .suspended(let continuation)?:
                state.waiters[key]?[id] = nil
                if state.waiters[key]?.isEmpty == true { state.waiters[key] = nil }
                return continuation
            case .pending?:
                state.waiters[key]?[id] = .woken
                return nil
            case .woken?, nil:
                return nil
            }
        }
        continuation?.resume()
    }
}
