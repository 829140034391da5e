import Foundation
import Synchronization

/// The numbers reports go out by.
struct TelemetryLimits: Sendable {
    /// Records in one logs request; a batch goes out as soon as this many wait.
    var batchSize = 50
    /// The longest a record waits before its batch goes out.
    var batchAge: Duration = .seconds(30)
    /// Records that may wait; beyond that the oldest is dropped.
    var queueCapacity = 500
}

/// Counters of what an engine did, for tests.
struct TelemetryStatistics: Sendable, Hashable {
    var outcomes: [SendOutcome: Int]
    /// Sends (exceptions, and the one logs drain) under way.
    var inFlight: Int
    /// Records waiting for a batch.
    var waitingRecords: Int
}

/// The state behind `Telemetry`: the configuration, the switch, the rate limiter, the waiting
/// records, and the tasks that send. Public calls take the lock briefly and return; sending happens
/// in tasks. Exceptions go out one request each as they are admitted; log batches go out one at a
/// time, from a single drain task, so records wait (up to the queue's capacity) while a batch is
/// under way. Turning reporting off bumps `generation`: every task of the earlier generation is
/// canceled and whatever it does afterwards is ignored.
final class TelemetryEngine: Sendable {
    let clock: any TelemetryClock
    let sender: TelemetrySender
    let limits: TelemetryLimits
    private let state: Mutex<EngineState>

    init(clock: any TelemetryClock, sender: TelemetrySender, limits: TelemetryLimits) {
        self.clock = clock
        self.sender = sender
        self.limits = limits
        state = Mutex(EngineState(logs: LogQueue(capacity: limits.queueCapacity)))
    }

    var isEnabled: Bool { state.withLock { $0.enabled } }

    var statistics: TelemetryStatistics {
        state.withLock {
            TelemetryStatistics(outcomes: $0.outcomes, inFlight: $0.tasks.count, waitingRecords: $0.logs.count)
        }
    }

    func configure(_ configuration: Telemetry.Configuration) {
        state.withLock { $0.configuration = configuration }
    }

    /// Turns reporting on or off; off drops what waits and cancels every send under way.
    func setEnabled(_ enabled: Bool) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.enabled != enabled else { return [] }
            state.enabled = enabled
            return enabled ? [] : state.stopEverything()
        }
        for continuation in released { continuation.resume() }
    }

    /// Sends an exception now, unless reporting is off, unconfigured, or the rate limits hold it back.
    func report(_ description: ErrorDescription, operation: String) {
        let timestamp = Date()
        state.withLock { state in
            guard state.enabled, let configuration = state.configuration else { return }
            let key = ExceptionRateLimiter.Key(type: description.type, operation: operation)
            guard let admission = state.limiter.admit(key, at: clock.now) else { return }
            let pending = PendingException(
                description: description, operation: operation, admission: admission, timestamp: timestamp,
                uuid: UUID())
            startTask(&state) { engine in await engine.sender.send(pending, configuration: configuration) }
        }
    }

    /// Queues a record, unless reporting is off or unconfigured; starts a batch when enough wait.
    func log(name: String, level: Telemetry.LogLevel, attributes: [(key: String, value: Telemetry.AttributeValue)]) {
        let nanoseconds = TelemetryTime.unixNanoseconds(Date())
        state.withLock { state in
            guard state.enabled, state.configuration != nil else { return }
            state.logs.append(
                PendingLogRecord(
                    name: name, level: level, attributes: attributes, unixNanoseconds: nanoseconds,
                    enqueuedAt: clock.now))
            startDrainIfNeeded(&state)
            scheduleBatchTimerIfNeeded(&state)
        }
    }

    /// Sends every waiting record and waits for every send under way, until `deadline` has passed on
    /// the clock. Sends still under way then go on by themselves within their transport's limits.
    func flush(deadline: Duration) async {
        let started = state.withLock { state -> (waiter: UInt64, end: Duration)? in
            guard state.enabled, state.configuration != nil else { return nil }
            if !state.logs.isEmpty {
                state.drainAll = true
                startDrainIfNeeded(&state)
            }
            guard !state.tasks.isEmpty else { return nil }
            let id = state.makeID()
            state.waiters[id] = .pending(Set(state.tasks.keys))
            return (id, clock.now + deadline)
        }
        guard let started else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForTasks(waiter: started.waiter) }
            group.addTask { try? await self.clock.sleep(until: started.end) }
            await group.next()
            group.cancelAll()
        }
    }
}

// MARK: - Tasks

extension TelemetryEngine {
    /// Starts a send in a task registered under the current generation.
    private func startTask(
        _ state: inout EngineState, _ work: @escaping @Sendable (TelemetryEngine) async -> SendOutcome
    ) {
        let id = state.makeID()
        let generation = state.generation
        state.tasks[id] = Task {
            let outcome = await work(self)
            self.finished(id, generation: generation, outcome: outcome)
        }
    }

    private func finished(_ id: UInt64, generation: UInt64, outcome: SendOutcome) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.outcomes[outcome, default: 0] += 1
            guard state.generation == generation, state.tasks.removeValue(forKey: id) != nil else { return [] }
            return state.taskEnded(id)
        }
        for continuation in released { continuation.resume() }
    }

    /// Starts the drain task when none runs and a batch is due: enough records, or a flush or the
    /// timer asked for everything.
    private func startDrainIfNeeded(_ state: inout EngineState) {
        guard state.drainID == nil, state.enabled, state.configuration != nil, batchIsDue(state) else { return }
        let id = state.makeID()
        let generation = state.generation
        state.drainID = id
        state.tasks[id] = Task {
            while let batch = self.nextBatch(drain: id, generation: generation) {
                let outcome = await self.sender.send(batch)
                self.state.withLock { $0.outcomes[outcome, default: 0] += 1 }
            }
        }
    }

    private func batchIsDue(_ state: borrowing EngineState) -> Bool {
        state.logs.count >= limits.batchSize || (state.drainAll && !state.logs.isEmpty)
    }

    /// The drain's next batch, or nil after the drain has unregistered itself.
    private func nextBatch(drain id: UInt64, generation: UInt64) -> LogBatch? {
        let (batch, released) = state.withLock { state -> (LogBatch?, [CheckedContinuation<Void, Never>]) in
            guard state.generation == generation else { return (nil, []) }
            if let configuration = state.configuration, !Task.isCancelled, batchIsDue(state) {
                let taken = state.logs.take(limits.batchSize)
                return (
                    LogBatch(records: taken.records, droppedBefore: taken.dropped, configuration: configuration), []
                )
            }
            if state.logs.isEmpty { state.drainAll = false }
            state.drainID = nil
            state.tasks[id] = nil
            return (nil, state.taskEnded(id))
        }
        for continuation in released { continuation.resume() }
        return batch
    }

    /// Arms the timer for the oldest waiting record, when none is armed.
    private func scheduleBatchTimerIfNeeded(_ state: inout EngineState) {
        guard state.batchTimer == nil, let oldest = state.logs.oldestEnqueuedAt else { return }
        let deadline = oldest + limits.batchAge
        let generation = state.generation
        state.batchTimer = Task { [clock] in
            do { try await clock.sleep(until: deadline) } catch { return }
            self.batchTimerFired(generation: generation)
        }
    }

    private func batchTimerFired(generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.batchTimer = nil
            guard let oldest = state.logs.oldestEnqueuedAt else { return }
            if oldest + limits.batchAge <= clock.now {
                state.drainAll = true
                startDrainIfNeeded(&state)
            } else {
                scheduleBatchTimerIfNeeded(&state)
            }
        }
    }
}

// MARK: - Flush waiters

extension TelemetryEngine {
    /// Returns when every task the waiter was registered with has ended, or when the calling task
    /// is canceled.
    private func waitForTasks(waiter id: UInt64) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard case .pending(let tasks) = state.waiters[id] else {
                        state.waiters[id] = nil
                        return false
                    }
                    let remaining = tasks.intersection(state.tasks.keys)
                    state.waiters[id] = remaining.isEmpty ? nil : .waiting(remaining, continuation)
                    return !remaining.isEmpty
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                switch state.waiters[id] {
                case .pending: state.waiters[id] = .abandoned
                case .waiting(_, let continuation):
                    state.waiters[id] = nil
                    return continuation
                case .abandoned, nil: break
                }
                return nil
            }
            continuation?.resume()
        }
    }
}

/// A `flush` waiting for tasks: registered with their IDs, then holding its continuation; or
/// canceled before it could hold one.
enum FlushWaiter: Sendable {
    case pending(Set<UInt64>)
    case waiting(Set<UInt64>, CheckedContinuation<Void, Never>)
    case abandoned
}

/// What `TelemetryEngine` keeps behind its lock.
struct EngineState: Sendable {
    var configuration: Telemetry.Configuration?
    var enabled = false
    var generation: UInt64 = 0
    var limiter = ExceptionRateLimiter()
    var logs: LogQueue
    /// Whether the drain should send everything waiting, not only full batches.
    var drainAll = false
    var drainID: UInt64?
    var batchTimer: Task<Void, Never>?
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var waiters: [UInt64: FlushWaiter] = [:]
    var outcomes: [SendOutcome: Int] = [:]
    private var nextID: UInt64 = 0

    init(logs: LogQueue) { self.logs = logs }

    mutating func makeID() -> UInt64 {
        nextID += 1
        return nextID
    }

    /// Forgets task `id` in every waiter; returns the continuations of those with nothing left.
    mutating func taskEnded(_ id: UInt64) -> [CheckedContinuation<Void, Never>] {
        var released: [CheckedContinuation<Void, Never>] = []
        for (waiterID, waiter) in waiters {
            guard case .waiting(var remaining, let continuation) = waiter, remaining.remove(id) != nil else { continue }
            if remaining.isEmpty {
                waiters[waiterID] = nil
                released.append(continuation)
            } else {
                waiters[waiterID] = .waiting(remaining, continuation)
            }
        }
        return released
    }

    /// Drops every waiting record, cancels the timer and every send, starts a new generation;
    /// returns the continuations of the flushes that were waiting.
    mutating func stopEverything() -> [CheckedContinuation<Void, Never>] {
        generation += 1
        logs.removeAll()
        drainAll = false
        drainID = nil
        batchTimer?.cancel()
        batchTimer = nil
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        var released: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in waiters {
            guard case .waiting(_, let continuation) = waiter else { continue }
            waiters[id] = nil
            released.append(continuation)
        }
        return released
    }
}
