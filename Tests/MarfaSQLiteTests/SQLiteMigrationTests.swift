import Foundation
import MarfaSQLite
import Testing

@Suite struct SQLiteMigrationTests {
    let steps = [
        SQLiteMigration(version: 1, sql: "CREATE TABLE notes (id TEXT PRIMARY KEY)"),
        SQLiteMigration(version: 2, sql: "ALTER TABLE notes ADD COLUMN body TEXT"),
    ]

    @Test func runsEachStepOnceAndRecordsTheVersion() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let db = try SQLiteConnection(path: folder.path("a.sqlite"))
        #expect(try db.migrate(Array(steps.prefix(1))) == 0)
        #expect(try db.migrate(steps) == 1)
        #expect(try db.migrate(steps) == 2)
        try db.run("INSERT INTO notes (id, body) VALUES ('a', 'b')")
        #expect(try db.first("SELECT max(version) FROM schema_version")?[0].integer == 2)
    }

    @Test func aFailingStepLeavesTheSchemaAtThePreviousVersion() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let broken = steps + [SQLiteMigration(version: 3, sql: "CREATE TABLE x (a); THIS IS NOT SQL")]
        #expect(throws: SQLiteError.self) { try db.migrate(broken) }
        #expect(try db.first("SELECT max(version) FROM schema_version")?[0].integer == 2)
        #expect(try db.first("SELECT count(*) FROM sqlite_master WHERE name = 'x'")?[0].integer == 0)
    }

    @Test func refusesADatabaseFromANewerBuild() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.migrate(steps)
        #expect(throws: SQLiteError.self) { try db.migrate(Array(steps.prefix(1))) }
    }
}
