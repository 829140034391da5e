/// The writes a working copy made on the device, waiting for or answered by the instance.
public struct Queue: Sendable {
    let copy: WorkingCopy

    /// Every queued write with its state, in queue order.
    public func all() async throws -> [QueuedWrite] {
        try await copy.perform { try await copy.engine.queuedWrites() }
    }

    /// Sends what the queue holds, once, in dependency order, and records a verdict per write.
    ///
    /// Every update goes with `?conflict=auto`. The network, a proxy, the server's troubles (5xx,
    /// 429 with its wait) and a contract change end the pass and keep the writes under their
    /// idempotency keys, uncounted. Afterwards `changes()` hears `.answered` per verdict, then
    /// `.refreshed(.drained)`. Cancellable: unanswered writes keep their keys. An answered retype
    /// throws `copyExpired(read_view_changed)` after its verdict is recorded.
    ///
    /// - Returns: A verdict per write answered, and `stopped` with the error that ended the pass early.
    /// - Throws: `noServer`, `closed`, `canceled`, or `copyExpired(read_view_changed)` after an
    ///   answered retype; the network's and the server's troubles end the pass in the report instead.
    public func drain() async throws -> DrainReport {
        try await copy.perform {
            try WorkingCopy.checkCancellation()
            return try await copy.requireDrainer().drain()
        }
    }

    /// Requeues a blocked or dead write under a fresh idempotency key for the next drain; false
    /// for any other write, `notFound` for an unknown one.
    ///
    /// - Parameter id: The write's id (`QueuedWrite.id`).
    public func release(_ id: String) async throws -> Bool {
        try await copy.perform { try await copy.writer().release(id) }
    }

    /// Requeues every write blocked for `reason`; returns how many.
    public func release(reason: BlockedReason) async throws -> Int {
        try await copy.perform { try await copy.writer().release(reason: reason) }
    }

    /// Removes a write blocked for an unavailable ancestor or an unresolved conflict and resets
    /// its row to the server's copy; writes that depend on it are refused unsent. False for any
    /// other write.
    ///
    /// - Parameter id: The write's id (`QueuedWrite.id`).
    /// - Throws: `notFound` for an unknown write, `noServer` for a copy without one.
    public func withdraw(_ id: String) async throws -> Bool {
        try await copy.perform { try await copy.requireDrainer().withdraw(id) }
    }

    /// Removes a refused write and its content; false when it isn't refused or something waits on
    /// it, `notFound` for an unknown id.
    public func discard(_ id: String) async throws -> Bool {
        try await copy.perform { try await copy.writer().discard(id) }
    }

    /// Clears answered writes, keeping blocked and dead ones, refused ones that carried content,
    /// and those a waiting write depends on. Returns how many went.
    @discardableResult
    public func forgetAnswered() async throws -> Int {
        try await copy.perform { try await copy.writer().forgetAnswered() }
    }

    /// The answered writes, removed from the queue as they are handed over (blocked ones stay).
    public func takeAnswered() async throws -> [QueuedWrite] {
        try await copy.perform { try await copy.writer().takeAnswered() }
    }
}

extension WorkingCopy {
    /// The writes made on the device and their verdicts.
    public var queue: Queue { Queue(copy: self) }

    /// The engine, when this copy writes its store.
    func writer() throws(MarfaError) -> any CopyEngine {
        guard handle == .writer else { throw Self.readingHandleError }
        return engine
    }

    /// What drains this copy's queue, or why nothing can.
    func requireDrainer() throws -> any CopyDrainer {
        if let drainer { return drainer }
        return try requireSync("queue.drain()")
    }

    /// Stores `write` with its local effect and tells the change feed.
    func enqueue(_ write: QueuedWrite, effect: LocalEffect) async throws -> QueuedWrite {
        let queued = try await writer().enqueue(write, effect: effect)
        feed.send(Change(origin: .local(write.kind), itemId: write.itemId, edgeId: write.edgeId))
        return queued
    }

    /// Stores `writes` with their local effects in one transaction of `store` (none of them when
    /// any fails) and tells the change feed.
    func enqueue(
        together writes: [(write: QueuedWrite, effect: LocalEffect)], in store: SQLiteCopyStore
    ) async throws -> [QueuedWrite] {
        _ = try writer()
        let queued = try await store.enqueue(together: writes)
        for write in queued {
            feed.send(Change(origin: .local(write.kind), itemId: write.itemId, edgeId: write.edgeId))
        }
        return queued
    }
}
