import Foundation
import MarfaSQLite
import Testing

/// Readers and writers at once, proven by counting, never by timing.
@Suite struct SQLitePoolConcurrencyTests {
    /// A write holds its transaction open (its body waits on a semaphore) while 8 tasks each make
    /// 50 reads; every read completes while the write is still open, and sees the last commit.
    @Test func readersMakeProgressWhileAWriteIsOpen() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("c.sqlite"), configuration: .init(readerCount: 4))
        try await pool.write { db in
            try db.execute("CREATE TABLE t (v INTEGER)")
            for value in 0..<10 { try db.run("INSERT INTO t VALUES (?)", value) }
        }
        let release = DispatchSemaphore(value: 0)
        let writeEnded = SharedCounter()
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        let writer = Task {
            try await pool.write { db in
                for value in 10..<1010 { try db.run("INSERT INTO t VALUES (?)", value) }
                open.yield()
                release.wait()
                writeEnded.increment()
            }
        }
        for await _ in opened { break }

        let reads = SharedCounter()
        defer { release.signal() }  // lets the write end even when the reads fail
        let seen = try await withSafetyTimeout("the reads during the write") {
            try await withThrowingTaskGroup(of: Set<Int>.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var counts: Set<Int> = []
                        for _ in 0..<50 {
                            counts.insert(
                                try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") ?? -1 })
                            reads.increment()
                        }
                        return counts
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.formUnion($1) }
            }
        }
        let readsDuringWrite = reads.value
        let writeWasOpen = writeEnded.value == 0
        release.signal()
        try await writer.value

        #expect(readsDuringWrite == 400)
        #expect(writeWasOpen)
        #expect(seen == [10])
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 1010)
        await pool.close()
    }

    /// `readerCount` reads run at the same time: each waits inside its read until all of them are in.
    @Test func asManyReadsAsReadersRunAtOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let readers = 4
        let pool = try await SQLitePool.open(path: folder.path("c.sqlite"), configuration: .init(readerCount: readers))
        try await pool.write { try $0.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)") }
        let arrived = SharedCounter()
        let allIn = DispatchSemaphore(value: 0)
        let inside = try await withSafetyTimeout("\(readers) reads at once") {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<readers {
                    group.addTask {
                        try await pool.read { db in
                            let value = try db.fetchValue(Int.self, "SELECT v FROM t") ?? 0
                            if arrived.incremented() == readers {
                                for _ in 0..<readers { allIn.signal() }
                            }
                            // The limit only turns a pool that runs fewer reads at once into a failure.
                            guard allIn.wait(timeout: .now() + 60) == .success else { return -1000 }
                            return value
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(inside == readers)
        await pool.close()
    }

    /// More reads than readers wait their turn on the readers there are, and all complete.
    @Test func moreReadsThanReadersAllComplete() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("c.sqlite"), configuration: .init(readerCount: 2))
        try await pool.write { try $0.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (3)") }
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await pool.read { try $0.fetchValue(Int.self, "SELECT v FROM t") ?? 0 } }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 60)
        await pool.close()
    }

    /// 8 tasks each increment a counter 50 times in read-modify-write transactions: none is lost.
    @Test func writesFromManyTasksRunOneAtATime() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("c.sqlite"))
        try await pool.write { try $0.execute("CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        try await pool.write { db in
                            let n = try db.fetchValue(Int.self, "SELECT n FROM counter") ?? 0
                            try db.run("UPDATE counter SET n = ?", n + 1)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT n FROM counter") } == 400)
        await pool.close()
    }
}
