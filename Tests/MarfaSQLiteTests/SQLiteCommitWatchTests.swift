import Foundation
import MarfaSQLite
import Testing

/// A commit watch hears of commits made by other connections and processes.
@Suite struct SQLiteCommitWatchTests {
    /// The first event of `watch`, or nil when it finished without one.
    static func firstEvent(of watch: SQLiteCommitWatch) async throws -> Bool {
        try await withSafetyTimeout("a commit event") {
            for await _ in watch { return true }
            return false
        }
    }

    /// A file with a table, made by a pool that is then closed.
    static func store(in folder: TemporaryDirectory) async throws -> String {
        let path = folder.path("watched.sqlite")
        let pool = try await SQLitePool.open(path: path)
        try await pool.write { try $0.execute("CREATE TABLE IF NOT EXISTS t (v INTEGER)") }
        await pool.close()
        return path
    }

    /// Another process commits; a poll asked for afterwards reports it (no interval passes).
    @Test func anotherProcessCommitIsReported() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.store(in: folder)
        let reader = try await SQLitePool.open(path: path, configuration: .init(readOnly: true))
        let watch = try await reader.watchCommits(every: .seconds(3600))

        let probe = try ProbeProcess(arguments: [path, "1"])
        for await _ in probe.lines {}
        let end = await probe.termination()
        #expect(end?.reason == .exit && end?.status == 0)
        #expect(await watch.pollNow())
        #expect(try await Self.firstEvent(of: watch))
        #expect(try await reader.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM probe") } == 1)
        await reader.close()
    }

    /// Without being asked, the watch polls at its interval and reports a commit.
    @Test func pollsAtItsInterval() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.store(in: folder)
        let watch = try await SQLiteCommitWatch.open(path: path, every: .milliseconds(5))
        let writer = try await SQLitePool.open(path: path)
        try await writer.write { try $0.run("INSERT INTO t VALUES (1)") }
        #expect(try await Self.firstEvent(of: watch))
        watch.stop()
        await writer.close()
    }

    /// A poll reports commits only: reads change nothing, each commit is reported once, several
    /// commits between two polls are reported together.
    @Test func onlyCommitsAreReportedEachOnce() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.store(in: folder)
        let pool = try await SQLitePool.open(path: path)
        let watch = try await pool.watchCommits(every: .seconds(3600))
        #expect(await watch.pollNow() == false)
        _ = try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") }
        #expect(await watch.pollNow() == false)
        try await pool.write { try $0.run("INSERT INTO t VALUES (1)") }
        #expect(await watch.pollNow() == true)
        #expect(await watch.pollNow() == false)
        try await pool.write { try $0.run("INSERT INTO t VALUES (2)") }
        try await pool.write { try $0.run("INSERT INTO t VALUES (3)") }
        #expect(await watch.pollNow() == true)
        var iterator = watch.makeAsyncIterator()
        #expect(await iterator.next() != nil)  // the two polls that found commits buffered one event
        await pool.close()
        #expect(await iterator.next() == nil)  // closing the pool ended the watch
        #expect(await watch.pollNow() == false)
    }

    @Test func closingThePoolEndsTheWatch() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try await Self.store(in: folder)
        let pool = try await SQLitePool.open(path: path)
        let watch = try await pool.watchCommits(every: .seconds(3600))
        await pool.close()
        #expect(try await Self.firstEvent(of: watch) == false)
        await #expect(throws: SQLiteError.self) { try await pool.watchCommits() }
    }

    @Test func watchingAMissingFileFails() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        await #expect(throws: SQLiteError.self) { try await SQLiteCommitWatch.open(path: folder.path("none.sqlite")) }
    }
}
