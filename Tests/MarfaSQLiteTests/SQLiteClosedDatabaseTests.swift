import CSQLite
import Foundation
import MarfaSQLite
import Testing

/// A closed database refuses every call with a typed error instead of touching a freed handle.
@Suite struct SQLiteClosedDatabaseTests {
    @Test func callsAfterCloseThrowTheClosedError() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let database = try SQLiteDatabase(path: folder.path("closed.sqlite"))
        try database.write { try $0.execute("CREATE TABLE t (x INTEGER)") }
        database.close()
        #expect(database.isClosed)
        do {
            _ = try database.read { try $0.query("SELECT * FROM t") }
            Issue.record("read after close answered")
        } catch let error as SQLiteError {
            #expect(error.isClosed)
            #expect(error.primaryCode == SQLITE_MISUSE)
        }
        #expect(throws: SQLiteError.self) { try database.write { try $0.run("INSERT INTO t VALUES (1)") } }
        database.close()  // A second close does nothing.
    }

    @Test func aConnectionClosedMidWayRefusesStatements() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        connection.close()
        #expect { try connection.execute("SELECT 1") } throws: { ($0 as? SQLiteError)?.isClosed == true }
        #expect { _ = try connection.prepare("SELECT 1") } throws: { ($0 as? SQLiteError)?.isClosed == true }
    }
}
