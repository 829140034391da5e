import Foundation
import Synchronization

/// The work an instance runs beyond its requests (type moves), kept so that stopping can cancel
/// it and wait for it before the store closes. Once stopped, new work is refused.
final class BackgroundTasks: Sendable {
    private struct State {
        var tasks: [UUID: Task<Void, Never>] = [:]
        var stopped = false
    }

    private let state = Mutex(State())

    /// Runs `work` in a detached task tracked until it ends; answers false, running nothing, once
    /// `stopAll()` has begun.
    @discardableResult
    func run(_ work: @escaping @Sendable () async -> Void) -> Bool {
        let id = UUID()
        return state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.tasks[id] = Task.detached { [weak self] in
                await work()
                self?.state.withLock { _ = $0.tasks.removeValue(forKey: id) }
            }
            return true
        }
    }

    /// Refuses new work, cancels every task under way and waits for each to end.
    func stopAll() async {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            state.stopped = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }
}
