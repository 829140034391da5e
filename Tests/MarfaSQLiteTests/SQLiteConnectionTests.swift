import Foundation
import Testing

@testable import MarfaSQLite

@Suite struct SQLiteConnectionTests {
    @Test func opensAFileInWALModeWithForeignKeys() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        #expect(try db.first("PRAGMA journal_mode")?[0].text == "wal")
        #expect(try db.first("PRAGMA foreign_keys")?[0].integer == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path("a.sqlite")))
    }

    @Test func bindsAndReadsEveryKindOfValue() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let text = "héllo ✓ \u{0}end"
        try db.run(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?)", Int64.max, 2.5, text, [UInt8]([0, 1, 255]), String?.none)
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", -1, 0.0, "", [UInt8](), "x")
        let rows = try db.query("SELECT * FROM t ORDER BY rowid")
        #expect(rows.count == 2)
        #expect(rows[0].int64("i") == Int64.max)
        #expect(rows[0].double("r") == 2.5)
        #expect(rows[0].string("s") == text)
        #expect(rows[0].bytes("b") == [0, 1, 255])
        #expect(rows[0]["n"] == .null)
        #expect(rows[1]["b"] == .blob([]))
        #expect(rows[1].int("I") == -1)
    }

    @Test func preparedStatementRunsManyTimes() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)")
        let insert = try db.prepare("INSERT INTO t (k, v) VALUES (?, ?)")
        for index in 0..<100 {
            try insert.bind(["k\(index)", index])
            #expect(try insert.step() == false)
        }
        let select = try db.prepare("SELECT v FROM t WHERE k = ?")
        try select.bind(["k42"])
        #expect(try select.step())
        #expect(select.int64(0) == 42)
        #expect(try select.step() == false)
        #expect(try db.first("SELECT count(*) FROM t")?[0].integer == 100)
    }

    @Test func wrongParameterCountAndBadSQLAreErrors() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", "a", "b") }
        #expect(throws: SQLiteError.self) { try db.run("INSERT INTO nowhere VALUES (1)") }
        try db.run("INSERT INTO t VALUES (?)", "a")
        let error = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", "a") }
        #expect(error?.isConstraint == true)
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let writer = try SQLiteConnection(path: folder.path("a.sqlite"))
        try writer.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)")
        let reader = try SQLiteConnection(path: folder.path("a.sqlite"), options: .init(readOnly: true))
        #expect(try reader.first("SELECT v FROM t")?.int("v") == 1)
        #expect(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES (2)") }
        #expect(throws: SQLiteError.self) {
            try SQLiteConnection(path: folder.path("missing.sqlite"), options: .init(readOnly: true))
        }
    }

    @Test func busyTimeoutEndsInABusyError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try SQLiteConnection(path: folder.path("a.sqlite"))
        try first.execute("CREATE TABLE t (v INTEGER)")
        let second = try SQLiteConnection(path: folder.path("a.sqlite"), options: .init(busyTimeout: .milliseconds(50)))
        try first.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: SQLiteError.self) { try second.execute("BEGIN IMMEDIATE") }
        #expect(error?.isBusy == true)
        try first.execute("ROLLBACK")
        try second.execute("BEGIN IMMEDIATE; ROLLBACK")
    }

    /// A zero timeout (the checkpointer's) fails at once; any other waits, finely for its first
    /// millisecond, then a millisecond at a time.
    @Test func busyWaitPollsFinelyFirstAndKeepsItsTimeout() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try SQLiteConnection(path: folder.path("a.sqlite"))
        try first.execute("CREATE TABLE t (v INTEGER)")
        let impatient = try SQLiteConnection(path: folder.path("a.sqlite"), options: .init(busyTimeout: .zero))
        try first.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: SQLiteError.self) { try impatient.execute("BEGIN IMMEDIATE") }
        #expect(error?.isBusy == true)
        try first.execute("ROLLBACK")
        #expect(SQLiteBusyWait.waitedMicroseconds(afterTries: 0) == 0)
        #expect(SQLiteBusyWait.waitedMicroseconds(afterTries: 20) == 1_000)
        #expect(SQLiteBusyWait.waitedMicroseconds(afterTries: 25) == 6_000)
    }
}
