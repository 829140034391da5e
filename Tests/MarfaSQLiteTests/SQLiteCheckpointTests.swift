import Foundation
import Testing

@testable import MarfaSQLite

/// The pool's log under a writer that never pauses: checkpoints wait for a pause, yet keep the log
/// bounded and start it over, and nothing written is lost.
@Suite struct SQLiteCheckpointTests {
    /// Bytes of the file at `path`, 0 when there is none.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A pool on a fresh file at `path` with a table `t (id, body)`, whose checkpoints wait for
    /// `quiet` without a commit.
    static func pool(at path: String, quiet: Duration = .milliseconds(20)) async throws -> SQLitePool {
        let pool = try await SQLitePool.open(
            path: path, configuration: .init(checkpointQuietPeriod: quiet))
        try await pool.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)") }
        return pool
    }

    /// Inserts row `id` with a body that fills most of a page, in a commit of its own.
    static func insert(_ id: Int, into pool: SQLitePool) async throws {
        try await pool.write { db in
            _ = try db.run("INSERT INTO t VALUES (?, ?)", id, [UInt8](repeating: 7, count: 3_500))
        }
    }

    /// 20,000 commits of a page each, back to back, would leave a log of some 40,000 frames
    /// (160 MB) if it never started over; it stays within a few thousand pages.
    @Test func aSteadyWriterKeepsTheLogBounded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("steady.sqlite")
        let pool = try await Self.pool(at: path)
        var largest = 0
        for index in 1...20_000 {
            try await Self.insert(index, into: pool)
            if index % 500 == 0 { largest = max(largest, Self.size(path + "-wal")) }
        }
        let pageBytes = 4_096 + 24
        #expect(largest > 0)
        #expect(largest < 12_000 * pageBytes, "the log reached \(largest / pageBytes) pages")
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 20_000)
        #expect(try await pool.read { try $0.first("PRAGMA integrity_check")?[0].text } == "ok")
        await pool.close()
    }

    /// Past the threshold, a checkpoint is asked for once per `threshold` pages the log grows, not
    /// at every commit: commits go on while one runs, so asking at each would sync the files at
    /// each. 1,000 commits of three pages each (a leaf, the root and the header page) grow the log
    /// by 3,000 pages, so they ask three times at most. (No quiet period: each runs when asked.)
    @Test func checkpointsFollowTheLogsGrowthNotEachCommit() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await Self.pool(at: folder.path("paced.sqlite"), quiet: .zero)
        for index in 1...1_000 { try await Self.insert(index, into: pool) }
        let passes = try #require(pool.checkpointer).passes.load(ordering: .relaxed)
        #expect(passes >= 1)
        #expect(passes <= 3, "\(passes) checkpoints for 3,000 pages")
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 1_000)
        await pool.close()
    }

    /// Commits that never pause for the quiet period leave the log to grow past the threshold
    /// unchecked: the checkpoint waits for the pause, so none stalls these commits.
    @Test func aCheckpointWaitsForTheWriterToPause() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("burst.sqlite")
        let pool = try await Self.pool(at: path, quiet: .seconds(3_600))
        for index in 1...500 { try await Self.insert(index, into: pool) }
        let checkpointer = try #require(pool.checkpointer)
        while !checkpointer.waitingForQuiet.load(ordering: .relaxed) { await Task.yield() }
        #expect(checkpointer.passes.load(ordering: .relaxed) == 0)
        #expect(Self.size(path + "-wal") >= 1_500 * (4_096 + 24))
        await pool.close()
    }

    /// A writer that never pauses checkpoints the log itself once it is past `restartPages`, in
    /// the commit that took it there, and the next commit starts the log over: it never grows far
    /// past that, however long the burst.
    @Test func aWriterThatNeverPausesCheckpointsTheLogItself() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("steady.sqlite")
        let pool = try await Self.pool(at: path, quiet: .seconds(3_600))
        let checkpointer = try #require(pool.checkpointer)
        var largest = 0
        for index in 1...3_000 {
            try await Self.insert(index, into: pool)
            largest = max(largest, Self.size(path + "-wal"))
        }
        // 9,000 pages written: two passes, each as the log passed 4,000 pages, on the writer.
        #expect(checkpointer.passes.load(ordering: .relaxed) == 2)
        #expect(largest < (Int(SQLiteCheckpointer.restartPages) + 10) * (4_096 + 24))
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 3_000)
        #expect(try await pool.read { try $0.first("PRAGMA integrity_check")?[0].text } == "ok")
        await pool.close()
    }

    /// A read that holds its snapshot keeps the log from starting over, so it grows past the
    /// limit; once the read ends and the log starts over, the file is cut back to the limit.
    @Test func aLogGrownUnderALongReadIsCutBackWhenItStartsOver() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("held.sqlite")
        let pool = try await Self.pool(at: path)
        let release = DispatchSemaphore(value: 0)
        let reading = DispatchSemaphore(value: 0)
        let read = Task {
            try await pool.read { db in
                _ = try db.first("SELECT count(*) FROM t")
                reading.signal()
                release.wait()  // on the reader's own thread, holding its snapshot
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                reading.wait()
                continuation.resume()
            }
        }
        var index = 0
        while Self.size(path + "-wal") <= SQLiteConnection.logSizeLimit + (1 << 20) {
            index += 1
            try await Self.insert(index, into: pool)
        }
        release.signal()
        try await read.value
        for _ in 0..<8_000 where Self.size(path + "-wal") > SQLiteConnection.logSizeLimit {
            index += 1
            try await Self.insert(index, into: pool)
        }
        #expect(Self.size(path + "-wal") <= SQLiteConnection.logSizeLimit)
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == index)
        await pool.close()
    }
}
