import Foundation

/// A queue of work served by up to `maximumThreads` dedicated threads, each owning one connection.
///
/// Threads start lazily, when work is queued and no thread is idle; each opens its connection on
/// itself at its first job and keeps it until shutdown. SQLite therefore only ever runs on these
/// threads, never on a caller's (or the Swift cooperative pool's) thread. After `shutdown`, work
/// already queued still runs; new work is refused.
final class SQLiteConnectionThreads: @unchecked Sendable {
    let name: String
    let maximumThreads: Int
    private let open: @Sendable () throws -> SQLiteConnection

    /// Guards every property below; idle threads wait on it.
    private let condition = NSCondition()
    private var queue: [any SQLiteWork] = []
    private var threadCount = 0
    private var idleCount = 0
    private var closing = false
    private var members: Set<ObjectIdentifier> = []
    private var whenStopped: [@Sendable () -> Void] = []

    /// Threads named `name` that open connections with `open`; `adopting`, when given, is the first
    /// thread's connection, already open (so opening errors reach the caller that made it).
    init(
        name: String, maximumThreads: Int, adopting connection: SQLiteConnection? = nil,
        open: @escaping @Sendable () throws -> SQLiteConnection
    ) {
        self.name = name
        self.maximumThreads = max(1, maximumThreads)
        self.open = open
        if let connection {
            condition.withLock { spawn(adopting: AdoptedConnection(connection: connection)) }
        }
    }

    /// Queues `work` for the next free thread, starting one when none is idle and fewer than
    /// `maximumThreads` run. False, with nothing queued, after `shutdown`.
    func submit(_ work: any SQLiteWork) -> Bool {
        condition.withLock {
            guard !closing else { return false }
            queue.append(work)
            if queue.count > idleCount && threadCount < maximumThreads { spawn(adopting: nil) }
            condition.signal()
            return true
        }
    }

    /// How much work waits in the queue.
    var queuedCount: Int { condition.withLock { queue.count } }

    /// Whether the calling thread is one of these threads (a blocking call from it could deadlock).
    var isCurrentThreadMember: Bool {
        condition.withLock { members.contains(ObjectIdentifier(Thread.current)) }
    }

    /// Refuses new work, lets queued work finish, closes every connection, then calls `stopped`.
    func shutdown(then stopped: @escaping @Sendable () -> Void = {}) {
        let stoppedNow: Bool = condition.withLock {
            closing = true
            condition.broadcast()
            guard threadCount > 0 || !queue.isEmpty else { return true }
            whenStopped.append(stopped)
            return false
        }
        if stoppedNow { stopped() }
    }

    /// Starts one thread (called with the lock held).
    private func spawn(adopting connection: AdoptedConnection?) {
        threadCount += 1
        let thread = Thread { [self] in serve(adopting: connection?.connection) }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// A thread's life: take work until shutdown empties the queue, then close the connection.
    private func serve(adopting adopted: SQLiteConnection?) {
        condition.withLock { _ = members.insert(ObjectIdentifier(Thread.current)) }
        var connection = adopted
        while let works = next() {
            if connection == nil {
                do { connection = try open() } catch {
                    for work in works { work.fail(error) }
                    break
                }
            }
            if works.count == 1 && !works[0].sharesTransactions {
                works[0].run(on: connection!)
            } else {
                SQLiteWriteGroup.run(works, on: connection!)
            }
        }
        connection?.close()
        threadEnded()
    }

    /// The next work, waiting while the queue is empty; nil once shutting down with nothing left.
    /// Work that shares transactions comes with the like work queued right behind it (up to
    /// `SQLiteWriteGroup.largest`), to run as one group.
    private func next() -> [any SQLiteWork]? {
        condition.withLock {
            while queue.isEmpty {
                if closing { return nil }
                idleCount += 1
                condition.wait()
                idleCount -= 1
            }
            var taken = [queue.removeFirst()]
            guard taken[0].sharesTransactions else { return taken }
            while taken.count < SQLiteWriteGroup.largest, let following = queue.first, following.sharesTransactions {
                taken.append(queue.removeFirst())
            }
            return taken
        }
    }

    /// Counts a thread out; starts another when work is left (its connection failed to open), or
    /// reports the stop when it was the last.
    private func threadEnded() {
        let callbacks: [@Sendable () -> Void] = condition.withLock {
            threadCount -= 1
            members.remove(ObjectIdentifier(Thread.current))
            if !queue.isEmpty {
                spawn(adopting: nil)
                return []
            }
            guard closing && threadCount == 0 else { return [] }
            defer { whenStopped = [] }
            return whenStopped
        }
        for callback in callbacks { callback() }
    }
}

/// An open connection handed to the thread that will own it; nobody else touches it after.
private struct AdoptedConnection: @unchecked Sendable {
    let connection: SQLiteConnection
}
