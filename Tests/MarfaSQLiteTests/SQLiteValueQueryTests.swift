import Foundation
import MarfaSQLite
import Testing

/// One column read as a Swift value (`fetchValue`, `fetchValues`): strictly, so a NULL or another
/// storage class is a clear error naming the column, never a silent coercion.
@Suite struct SQLiteValueQueryTests {
    static func database() throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL);
            INSERT INTO notes VALUES (1, 'First', 4.5);
            INSERT INTO notes VALUES (2, 'Second', NULL);
            """)
        return db
    }

    @Test func aNullOrAnotherKindIsAnErrorNamingTheColumn() throws {
        let db = try Self.database()
        let mismatch = #expect(throws: SQLiteDecodingError.self) {
            try db.fetchValues(String.self, "SELECT rating FROM notes ORDER BY id")
        }
        #expect(mismatch?.reason == .typeMismatch(found: .real))
        #expect(mismatch?.column == "rating")
        #expect(mismatch?.expected == "String")
        let null = #expect(throws: SQLiteDecodingError.self) {
            try db.fetchValue(Double.self, "SELECT rating FROM notes WHERE id = 2")
        }
        #expect(null?.reason == .unexpectedNull)
        #expect(try db.fetchValues(Double?.self, "SELECT rating FROM notes ORDER BY id") == [4.5, nil])
        #expect(try db.fetchValue(Int64.self, "SELECT id FROM notes WHERE id = 9") == nil)
    }

    @Test func typeMismatchesAreErrorsNotCoercions() throws {
        let db = try Self.database()
        #expect(throws: SQLiteDecodingError.self) { try db.fetchValue(Int.self, "SELECT title FROM notes") }
        #expect(throws: SQLiteDecodingError.self) { try db.fetchValue(Int.self, "SELECT 2.5") }
        #expect(throws: SQLiteDecodingError.self) { try db.fetchValue(String.self, "SELECT 12") }
        #expect(throws: SQLiteDecodingError.self) { try db.fetchValue(Int32.self, "SELECT 5000000000") }
        #expect(try db.fetchValue(Int.self, "SELECT 3.0") == 3)
        #expect(try db.fetchValue(Double.self, "SELECT 3") == 3.0)
        #expect(try db.fetchValue(Int?.self, "SELECT NULL") == .some(nil))
        #expect(try db.fetchValue(Data.self, "SELECT x'0102'") == Data([1, 2]))
        #expect(try db.fetchValue(SQLiteValue.self, "SELECT NULL") == .null)
    }

    @Test func valuesComeThroughThePool() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("r.sqlite"))
        try await pool.write { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
            try db.run("INSERT INTO notes VALUES (1, 'Pool')")
        }
        #expect(try await pool.read { try $0.fetchValues(String.self, "SELECT title FROM notes") } == ["Pool"])
        await pool.close()
    }
}
