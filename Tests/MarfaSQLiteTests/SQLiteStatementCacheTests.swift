import Foundation
import MarfaSQLite
import Testing

/// Each connection keeps its prepared statements and hands them out reset and unbound.
@Suite struct SQLiteStatementCacheTests {
    @Test func theSameSQLReusesOneStatementWithItsBindingsCleared() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER)")
        let first = try db.cachedStatement("SELECT ?")
        try first.bind([42])
        #expect(try first.step())
        #expect(first.int64(0) == 42)
        #expect(try first.step() == false)
        let again = try db.cachedStatement("SELECT ?")
        #expect(again === first)
        #expect(try again.step())
        #expect(again.isNull(0))  // the 42 was cleared, and the statement started over
    }

    @Test func runQueryAndFirstUseTheCacheAndLeaveNoStatementRunning() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER)")
        for value in 0..<20 { try db.run("INSERT INTO t VALUES (?)", value) }
        #expect(try db.query("SELECT v FROM t WHERE v < ?", 3).count == 3)
        #expect(try db.first("SELECT v FROM t ORDER BY v")?.int("v") == 0)
        #expect(db.cachedStatementCount == 3)
        #expect(try db.cachedStatement("SELECT v FROM t ORDER BY v").isRunning == false)
        #expect(try db.query("SELECT v FROM t WHERE v < ?", 5).count == 5)
        #expect(db.cachedStatementCount == 3)
    }

    @Test func aStatementStillRunningIsNotHandedOutTwice() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        let outer = try db.cachedStatement("SELECT v FROM t ORDER BY v")
        #expect(try outer.step())
        let inner = try db.cachedStatement("SELECT v FROM t ORDER BY v")
        #expect(inner !== outer)
        #expect(try db.query("SELECT v FROM t ORDER BY v").count == 3)
        #expect(try outer.step())
        #expect(outer.int64(0) == 2)  // the outer walk went on undisturbed
    }

    @Test func theLeastRecentlyUsedStatementIsDroppedPastCapacity() throws {
        let db = try SQLiteConnection(path: ":memory:", options: .init(statementCacheCapacity: 2))
        let one = try db.cachedStatement("SELECT 1")
        _ = try db.cachedStatement("SELECT 2")
        _ = try db.cachedStatement("SELECT 1")
        _ = try db.cachedStatement("SELECT 3")  // drops SELECT 2, used least recently
        #expect(db.cachedStatementCount == 2)
        #expect(try db.cachedStatement("SELECT 1") === one)
        let none = try SQLiteConnection(path: ":memory:", options: .init(statementCacheCapacity: 0))
        #expect(try none.first("SELECT 1")?[0].integer == 1)
        #expect(none.cachedStatementCount == 0)
    }

    @Test func aCachedStatementFollowsASchemaChange() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
        #expect(try db.first("SELECT * FROM t")?.columns == ["a"])
        try db.execute("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
        let row = try db.first("SELECT * FROM t")
        #expect(row?.columns == ["a", "b"])
        #expect(row?.string("b") == "x")
    }

    @Test func closingDropsTheCache() throws {
        let db = try SQLiteConnection(path: ":memory:")
        _ = try db.first("SELECT 1")
        db.close()
        #expect(db.cachedStatementCount == 0)
        #expect { try db.cachedStatement("SELECT 1") } throws: { ($0 as? SQLiteError)?.isClosed == true }
    }
}
