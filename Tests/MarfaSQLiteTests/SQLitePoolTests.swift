import CSQLite
import Foundation
import MarfaSQLite
import Testing

/// The pool's calls: transactions, snapshots, read-only pools, cancellation, closing, blocking calls.
@Suite struct SQLitePoolTests {
    struct Stop: Error {}

    /// A pool on a fresh file with a table `t (v INTEGER)`.
    static func pool(
        in folder: TemporaryDirectory, _ configuration: SQLitePool.Configuration = .init()
    ) async throws -> SQLitePool {
        let pool = try await SQLitePool.open(path: folder.path("pool.sqlite"), configuration: configuration)
        try await pool.write { try $0.execute("CREATE TABLE t (v INTEGER)") }
        return pool
    }

    @Test func writesCommitAndReadsSeeThem() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let inserted = try await pool.write { db in
            for value in 1...3 { try db.run("INSERT INTO t VALUES (?)", value) }
            return db.lastInsertRowID
        }
        #expect(inserted == 3)
        #expect(try await pool.read { try $0.fetchValues(Int.self, "SELECT v FROM t ORDER BY v") } == [1, 2, 3])
        #expect(try await pool.read { try $0.first("PRAGMA journal_mode")?[0].text } == "wal")
        await pool.close()
    }

    /// Readers map the file when asked; the writer never does, and a plain pool maps nothing.
    @Test func readersMapTheFileWhenConfigured() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let mapped = try await Self.pool(in: folder, .init(readerMemoryMapBytes: 8 << 20))
        try await mapped.write { db in for value in 1...100 { try db.run("INSERT INTO t VALUES (?)", value) } }
        #expect(try await mapped.read { try $0.fetchValue(Int.self, "PRAGMA mmap_size") } == 8 << 20)
        #expect(try await mapped.read { try $0.fetchValue(Int.self, "SELECT sum(v) FROM t") } == 5050)
        #expect(try await mapped.write { try $0.fetchValue(Int.self, "PRAGMA mmap_size") } == 0)
        await mapped.close()
        let plain = try await SQLitePool.open(path: folder.path("pool.sqlite"))
        #expect(try await plain.read { try $0.fetchValue(Int.self, "PRAGMA mmap_size") } == 0)
        await plain.close()
    }

    @Test func aWriteThatThrowsChangesNothing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        await #expect(throws: Stop.self) {
            try await pool.write { db in
                try db.run("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 0)
        try await pool.write { try $0.run("INSERT INTO t VALUES (2)") }  // the writer is usable again
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 1)
        await pool.close()
    }

    @Test func aReadCannotWrite() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let error = await #expect(throws: SQLiteError.self) {
            try await pool.read { try $0.run("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.isReadOnly == true)
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 0)
        await pool.close()
    }

    /// A read is one transaction: a commit made while it runs is not seen half-way through it.
    @Test func aReadSeesOneCommitThroughout() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        try await pool.write { try $0.run("INSERT INTO t VALUES (1)") }
        let path = folder.path("pool.sqlite")
        let counts = try await pool.read { db in
            let before = try db.fetchValue(Int.self, "SELECT count(*) FROM t") ?? -1
            // Another connection commits in the middle of the read.
            let other = try SQLiteConnection(path: path)
            try other.run("INSERT INTO t VALUES (2)")
            other.close()
            let after = try db.fetchValue(Int.self, "SELECT count(*) FROM t") ?? -1
            return [before, after]
        }
        #expect(counts == [1, 1])
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 2)
        await pool.close()
    }

    @Test func aReadOnlyPoolReadsAndRefusesWrites() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let writer = try await Self.pool(in: folder)
        try await writer.write { try $0.run("INSERT INTO t VALUES (7)") }
        let reader = try await SQLitePool.open(path: folder.path("pool.sqlite"), configuration: .init(readOnly: true))
        #expect(try await reader.read { try $0.fetchValue(Int.self, "SELECT v FROM t") } == 7)
        let refused = await #expect(throws: SQLiteError.self) { try await reader.write { try $0.run("DELETE FROM t") } }
        #expect(refused?.isReadOnly == true)
        await #expect(throws: SQLiteError.self) { try await reader.migrate([]) }
        #expect(throws: SQLiteError.self) {
            try SQLitePool(path: folder.path("missing.sqlite"), configuration: .init(readOnly: true))
        }
        await reader.close()
        await writer.close()
    }

    @Test func aPoolNeedsAFile() {
        #expect { try SQLitePool(path: ":memory:") } throws: { ($0 as? SQLiteError)?.primaryCode == SQLITE_MISUSE }
    }

    /// A call whose task is cancelled while it waits for the writer never runs.
    @Test func aCancelledWaitingWriteNeverRuns() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let gate = DispatchSemaphore(value: 0)
        let (holding, held) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await pool.write { _ in
                held.yield()
                gate.wait()
            }
        }
        for await _ in holding { break }
        let ran = SharedCounter()
        let waiting = Task {
            try await pool.write { db in
                ran.increment()
                try db.run("INSERT INTO t VALUES (1)")
            }
        }
        waiting.cancel()
        let outcome = await waiting.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        gate.signal()
        try await holder.value
        #expect(ran.value == 0)
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 0)
        await pool.close()
    }

    @Test func aTaskCancelledBeforeCallingGetsCancellationError() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let ran = SharedCounter()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.read { _ in ran.increment() }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.value == 0)
        await pool.close()
    }

    /// `writeToEnd` and `readToEnd` run their bodies even for a task cancelled before calling.
    @Test func toEndCallsRunForACancelledTask() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await pool.writeToEnd { db in try db.run("INSERT INTO t VALUES (1)") }
            return try await pool.readToEnd { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
        }
        #expect(try await task.value == 1)
        await pool.close()
    }

    /// `close()` lets the write under way commit, then refuses every call.
    @Test func closeWaitsForTheWriteUnderWayThenRefusesCalls() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let gate = DispatchSemaphore(value: 0)
        let (holding, held) = AsyncStream.makeStream(of: Void.self)
        let finished = SharedCounter()
        let writing = Task {
            try await pool.write { db in
                held.yield()
                gate.wait()
                try db.run("INSERT INTO t VALUES (1)")
                finished.increment()
            }
        }
        for await _ in holding { break }
        let closing = Task { await pool.close() }
        while !pool.isClosed { await Task.yield() }
        gate.signal()
        await closing.value
        #expect(finished.value == 1)
        try await writing.value
        let readError = await #expect(throws: SQLiteError.self) { try await pool.read { _ in 1 } }
        #expect(readError?.isClosed == true)
        let writeError = await #expect(throws: SQLiteError.self) { try await pool.write { _ in 1 } }
        #expect(writeError?.isClosed == true)
        await pool.close()

        let reopened = try await SQLitePool.open(path: folder.path("pool.sqlite"))
        #expect(try await reopened.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 1)
        await reopened.close()
    }

    @Test func writeWithoutTransactionRunsPragmasAndRollsBackWhatItLeavesOpen() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let mode = try await pool.writeWithoutTransaction { db in
            try db.execute("VACUUM")
            return try db.first("PRAGMA journal_mode")?[0].text
        }
        #expect(mode == "wal")
        await #expect(throws: SQLiteError.self) {
            try await pool.writeWithoutTransaction { db in
                try db.execute("BEGIN; INSERT INTO t VALUES (1)")
            }
        }
        try await pool.write { try $0.run("INSERT INTO t VALUES (2)") }
        #expect(try await pool.read { try $0.fetchValues(Int.self, "SELECT v FROM t") } == [2])
        await pool.close()
    }

    /// The blocking calls, from a thread of their own: they work, and one made from inside a call on
    /// the same connections is refused instead of waiting for itself forever.
    @Test func blockingCallsWorkAndRefuseToDeadlock() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(in: folder)
        let outcome = try await onDedicatedThread {
            try pool.writeSync { try $0.run("INSERT INTO t VALUES (5)") }
            let seenInsideWrite = try pool.writeSync { db in
                try db.run("INSERT INTO t VALUES (6)")
                return try pool.readSync { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
            }
            let nested = Result { try pool.writeSync { _ in try pool.writeSync { _ in 0 } } }
            let total = try pool.readSync { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
            return (seenInsideWrite, nested, total)
        }
        #expect(outcome.0 == 1)  // the reader sees the last commit, not the write under way
        #expect { try outcome.1.get() } throws: { ($0 as? SQLiteError)?.primaryCode == SQLITE_MISUSE }
        #expect(outcome.2 == 2)
        await pool.close()
    }

    @Test func migrateRunsOnTheWriterAndRefusesANewerStore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("m.sqlite"))
        let steps = [
            SQLiteMigration(version: 1, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)"),
            SQLiteMigration(version: 2, sql: "ALTER TABLE notes ADD COLUMN body TEXT"),
        ]
        #expect(try await pool.migrate(steps) == 0)
        #expect(try await pool.migrate(steps) == 2)
        let refusal = await #expect(throws: SQLiteSchemaTooNew.self) { try await pool.migrate(Array(steps.prefix(1))) }
        #expect(refusal == SQLiteSchemaTooNew(foundVersion: 2, knownVersion: 1))
        await pool.close()
    }
}
