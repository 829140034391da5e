import CSQLite
import Foundation
import Testing

@testable import MarfaSQLite

/// Writes queued together share one transaction: each keeps its own outcome, results arrive only
/// after the commit, and a lost transaction falls back to one transaction a write.
@Suite struct SQLiteWriteGroupTests {
    struct Stop: Error {}

    /// Counts the commits of one connection and refuses the first `refusals` of them.
    final class CommitCounter: @unchecked Sendable {
        var commits = 0
        var refusals: Int

        init(refusing refusals: Int = 0) { self.refusals = refusals }

        /// Installs the counter as `db`'s commit hook; `self` must outlive the connection's use.
        func install(on db: SQLiteConnection) {
            sqlite3_commit_hook(
                db.handle,
                { context in
                    let counter = Unmanaged<CommitCounter>.fromOpaque(context!).takeUnretainedValue()
                    guard counter.refusals == 0 else {
                        counter.refusals -= 1
                        return 1  // turns the COMMIT into a rollback
                    }
                    counter.commits += 1
                    return 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// What a member's delivery received.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Int: Result<Int, any Error>] = [:]
        func record(_ index: Int, _ result: Result<Int, any Error>) { lock.withLock { results[index] = result } }
        func succeeded(_ index: Int) -> Bool {
            lock.withLock { if case .success? = results[index] { true } else { false } }
        }
        var count: Int { lock.withLock { results.count } }
    }

    /// A shared-transaction job running `body` in a nested transaction, as the pool queues them.
    static func member(
        _ index: Int, _ outcomes: Outcomes, _ body: @escaping (SQLiteConnection) throws -> Int
    ) -> SQLiteJob<Int> {
        let job = SQLiteJob({ db in try db.transaction(.immediate, body) }, sharesTransactions: true)
        _ = job.install { outcomes.record(index, $0) }
        return job
    }

    static func connection(in folder: TemporaryDirectory) throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: folder.path("group.sqlite"))
        try db.execute("CREATE TABLE t (v INTEGER)")
        return db
    }

    static func values(_ db: SQLiteConnection) throws -> [Int] {
        try db.fetchValues(Int.self, "SELECT v FROM t ORDER BY v")
    }

    @Test func membersCommitOnceAndAFailingOneRollsBackOnlyItself() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try Self.connection(in: folder)
        let counter = CommitCounter()
        counter.install(on: db)
        let outcomes = Outcomes()
        let members = (1...6).map { index in
            Self.member(index, outcomes) { db in
                try db.run("INSERT INTO t VALUES (?)", index)
                // Each member sees the changes of the members before it, as in separate transactions.
                #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM t") == (index < 4 ? index : index - 1))
                if index == 3 { throw Stop() }
                return index
            }
        }
        SQLiteWriteGroup.run(members, on: db)
        #expect(counter.commits == 1)
        #expect(try Self.values(db) == [1, 2, 4, 5, 6])
        #expect(outcomes.count == 6)
        #expect((1...6).filter(outcomes.succeeded) == [1, 2, 4, 5, 6])
        #expect(!db.isInTransaction)
    }

    @Test func aMemberThatEndsTheTransactionLeavesTheOthersToRunAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try Self.connection(in: folder)
        let counter = CommitCounter()
        counter.install(on: db)
        let outcomes = Outcomes()
        let members = (1...5).map { index in
            Self.member(index, outcomes) { db in
                if index == 3 {
                    try db.execute("ROLLBACK")  // ends the shared transaction, members 1 and 2 with it
                    return index
                }
                try db.run("INSERT INTO t VALUES (?)", index)
                return index
            }
        }
        SQLiteWriteGroup.run(members, on: db)
        // Members 1 and 2 ran again alone, 4 and 5 ran alone: four commits, nothing lost.
        #expect(try Self.values(db) == [1, 2, 4, 5])
        #expect(counter.commits == 4)
        #expect((1...5).filter(outcomes.succeeded) == [1, 2, 4, 5])
        #expect(outcomes.count == 5)
    }

    @Test func aFailedCommitRunsEveryMemberAgainAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try Self.connection(in: folder)
        let counter = CommitCounter(refusing: 1)
        counter.install(on: db)
        let outcomes = Outcomes()
        let members = (1...4).map { index in
            Self.member(index, outcomes) { db in
                try db.run("INSERT INTO t VALUES (?)", index)
                return index
            }
        }
        SQLiteWriteGroup.run(members, on: db)
        #expect(try Self.values(db) == [1, 2, 3, 4])
        #expect(counter.commits == 4)
        #expect((1...4).filter(outcomes.succeeded) == [1, 2, 3, 4])
    }

    @Test func resultsArriveOnlyAfterTheSharedCommit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try Self.connection(in: folder)
        let outcomes = Outcomes()
        let reader = try SQLiteConnection(path: folder.path("group.sqlite"))
        let members = (1...3).map { index in
            Self.member(index, outcomes) { db in
                try db.run("INSERT INTO t VALUES (?)", index)
                // No earlier member has been answered yet, and another connection sees nothing.
                #expect(outcomes.count == 0)
                #expect(try reader.fetchValue(Int.self, "SELECT count(*) FROM t") == 0)
                return index
            }
        }
        SQLiteWriteGroup.run(members, on: db)
        #expect(outcomes.count == 3)
        #expect(try reader.fetchValue(Int.self, "SELECT count(*) FROM t") == 3)
    }

    /// Through the pool: grouped writes queued behind a busy writer commit together.
    @Test func thePoolGroupsWritesQueuedBehindABusyWriter() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("pool.sqlite"))
        let counter = CommitCounter()
        try await pool.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE t (v INTEGER)")
            counter.install(on: db)
        }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let busy = Task {
            try await pool.writeGrouped { _ -> Void in
                started.signal()
                gate.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        let writes = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for value in 1...20 {
                    group.addTask {
                        try await pool.writeGrouped { db -> Void in try db.run("INSERT INTO t VALUES (?)", value) }
                    }
                }
                try await group.waitForAll()
            }
        }
        while pool.queuedWrites < 20 { await Task.yield() }
        gate.signal()
        try await busy.value
        try await writes.value
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 20)
        #expect(try await pool.writeWithoutTransaction { _ in counter.commits } == 2)
        await pool.close()
    }
}
