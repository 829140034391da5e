import Foundation
import MarfaSQLite
import Testing

/// The pool's log under a writer that never pauses: checkpoints keep it bounded and start it over,
/// and nothing written is lost.
@Suite struct SQLiteCheckpointTests {
    /// Bytes of the file at `path`, 0 when there is none.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// 20,000 commits of a page each, back to back, would leave a log of some 40,000 frames
    /// (160 MB) if it never started over; it stays within a few thousand pages.
    @Test func aSteadyWriterKeepsTheLogBounded() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("steady.sqlite")
        let pool = try await SQLitePool.open(path: path)
        try await pool.write { try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)") }
        let body = [UInt8](repeating: 7, count: 3_500)
        var largest = 0
        for index in 1...20_000 {
            try await pool.write { db in _ = try db.run("INSERT INTO t VALUES (?, ?)", index, body) }
            if index % 500 == 0 { largest = max(largest, Self.size(path + "-wal")) }
        }
        let pageBytes = 4_096 + 24
        #expect(largest > 0)
        #expect(largest < 12_000 * pageBytes, "the log reached \(largest / pageBytes) pages")
        #expect(try await pool.read { try $0.fetchValue(Int.self, "SELECT count(*) FROM t") } == 20_000)
        #expect(try await pool.read { try $0.first("PRAGMA integrity_check")?[0].text } == "ok")
        await pool.close()
    }
}
