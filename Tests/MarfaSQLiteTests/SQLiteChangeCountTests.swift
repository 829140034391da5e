import Foundation
import MarfaSQLite
import Testing

/// A change count moves once per commit that changed a watched table, and only then or more often,
/// never less: a cache keyed on it can't miss a change made through the watching connection.
@Suite struct SQLiteChangeCountTests {
    struct Stop: Error {}

    /// A file database with a watched table `keys` and an unwatched one `notes`.
    static func watched(in folder: TemporaryDirectory) throws -> (SQLiteConnection, SQLiteChangeCount) {
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        try db.execute("CREATE TABLE keys (id INTEGER PRIMARY KEY, label TEXT); CREATE TABLE notes (id INTEGER)")
        let count = SQLiteChangeCount(tables: ["keys"])
        try db.countCommits(into: count)
        return (db, count)
    }

    @Test func eachCommitThatChangesAWatchedTableCountsOnce() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (db, count) = try Self.watched(in: folder)
        try db.run("INSERT INTO keys (label) VALUES ('a')")
        #expect(count.value == 1, "a statement outside a transaction commits on its own")
        try db.transaction { db in
            try db.run("INSERT INTO keys (label) VALUES ('b')")
            try db.run("UPDATE keys SET label = 'c' WHERE label = 'b'")
            #expect(count.value == 1, "not before the commit")
        }
        #expect(count.value == 2)
        try db.run("INSERT INTO notes VALUES (1)")
        try db.run("UPDATE keys SET label = 'z' WHERE label = 'none'")
        #expect(count.value == 2, "no row of a watched table changed")
        try db.run("DELETE FROM keys WHERE label = 'a'")
        #expect(count.value == 3)
    }

    @Test func aTransactionRolledBackIsNotCounted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (db, count) = try Self.watched(in: folder)
        #expect(throws: Stop.self) {
            try db.transaction { db in
                try db.run("INSERT INTO keys (label) VALUES ('a')")
                throw Stop()
            }
        }
        try db.run("INSERT INTO notes VALUES (1)")
        #expect(count.value == 0)
        // A savepoint rolled back inside a committed transaction counts: more often, never less.
        try db.transaction { db in
            _ = try? db.transaction { db in
                try db.run("INSERT INTO keys (label) VALUES ('b')")
                throw Stop()
            }
        }
        #expect(count.value == 1)
    }

    @Test func aPoolWriteReturnsAfterTheCountMoved() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("b.sqlite"))
        try await pool.write { try $0.execute("CREATE TABLE keys (id INTEGER PRIMARY KEY, revoked INTEGER)") }
        let count = SQLiteChangeCount(tables: ["keys"])
        try await pool.write { try $0.countCommits(into: count) }
        try await pool.write { try $0.run("INSERT INTO keys (revoked) VALUES (0)") }
        let noted = count.value
        #expect(noted == 1)
        #expect(try await pool.read { try $0.first("SELECT revoked FROM keys")?.int("revoked") } == 0)
        try await pool.write { try $0.run("UPDATE keys SET revoked = 1") }
        #expect(count.value == noted + 1, "a reader that noted the count before the revocation reads again")
        await pool.close()
    }

    @Test func aTableWhoseChangesSQLiteDoesNotReportIsRefused() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE pairs (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID; CREATE TABLE plain (k TEXT)")
        #expect(throws: SQLiteError.self) { try db.countCommits(into: SQLiteChangeCount(tables: ["pairs"])) }
        #expect(throws: SQLiteError.self) { try db.countCommits(into: SQLiteChangeCount(tables: ["missing"])) }
        try db.countCommits(into: SQLiteChangeCount(tables: ["plain"]))
    }

    @Test func anotherConnectionsCommitsAreNotCounted() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (_, count) = try Self.watched(in: folder)
        let other = try SQLiteConnection(path: folder.path("a.sqlite"))
        try other.run("INSERT INTO keys (label) VALUES ('elsewhere')")
        #expect(count.value == 0)
    }
}
