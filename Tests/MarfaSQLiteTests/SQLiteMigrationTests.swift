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

    @Test func refusesADatabaseFromANewerBuildWithBothVersions() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.migrate(steps)
        let refusal = #expect(throws: SQLiteSchemaTooNew.self) { try db.migrate(Array(steps.prefix(1))) }
        #expect(refusal?.foundVersion == 2)
        #expect(refusal?.knownVersion == 1)
        #expect(refusal?.description.contains("schema version 2, newer than this build's 1") == true)
        #expect(try db.schemaVersion() == 2)
    }

    @Test func refusesAListNotNumberedInOrder() throws {
        let db = try SQLiteConnection(path: ":memory:")
        for broken in [[steps[1], steps[0]], [steps[1]], [steps[0], steps[0]]] {
            #expect(throws: SQLiteError.self) { try db.migrate(broken) }
        }
        #expect(try db.first("SELECT count(*) FROM sqlite_master")?[0].integer == 0)
    }

    /// A read-only opener checks the version without writing anything.
    @Test func checkSchemaReadsTheVersionWithoutWriting() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("a.sqlite")
        let writer = try SQLiteConnection(path: path)
        let reader = try SQLiteConnection(path: path, options: .init(readOnly: true))
        #expect(try reader.checkSchema(steps) == 0)
        try writer.migrate(steps)
        #expect(try reader.checkSchema(steps) == 2)
        #expect(throws: SQLiteSchemaTooNew(foundVersion: 2, knownVersion: 1)) {
            try reader.checkSchema(Array(steps.prefix(1)))
        }
    }
}
