import Foundation
import MarfaSQLite
import Testing

/// Rows into plain structs through `SQLiteRecord`, by index.
@Suite struct SQLiteRecordTests {
    struct Note: SQLiteRecord, Equatable {
        let id: Int64
        let title: String
        let rating: Double?

        init(id: Int64, title: String, rating: Double?) {
            self.id = id
            self.title = title
            self.rating = rating
        }

        init(row: SQLiteRowReader) throws {
            id = try row[0]
            title = try row[1]
            rating = try row[2]
        }
    }

    static func database() throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(
            """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, kind TEXT, rating REAL,
                archived INTEGER, payload BLOB);
            INSERT INTO notes VALUES (1, 'First', 'page', 4.5, 0, x'00ff');
            INSERT INTO notes VALUES (2, 'Second', 'book', NULL, 1, x'');
            """)
        return db
    }

    @Test func aRecordReadsItsColumnsByIndex() throws {
        let db = try Self.database()
        let notes = try db.fetchAll(Note.self, "SELECT id, title, rating FROM notes ORDER BY id")
        #expect(notes == [Note(id: 1, title: "First", rating: 4.5), Note(id: 2, title: "Second", rating: nil)])
        #expect(try db.fetchOne(Note.self, "SELECT id, title, rating FROM notes WHERE id = ?", 2)?.title == "Second")
        #expect(try db.fetchOne(Note.self, "SELECT id, title, rating FROM notes WHERE id = ?", 9) == nil)
    }

    @Test func aNullForANonOptionalIsAClearError() throws {
        let db = try Self.database()
        let error = #expect(throws: SQLiteDecodingError.self) {
            try db.fetchAll(Note.self, "SELECT id, rating, title FROM notes ORDER BY id")
        }
        #expect(error?.reason == .typeMismatch(found: .real))
        #expect(error?.index == 1)
        #expect(error?.column == "rating")
        #expect(error?.expected == "String")
        let null = #expect(throws: SQLiteDecodingError.self) {
            try db.fetchAll(Note.self, "SELECT id, rating AS title, NULL FROM notes WHERE id = 2")
        }
        #expect(null?.reason == .unexpectedNull)
        #expect(null?.column == "title")
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

    @Test func anIndexPastTheLastColumnIsAnError() throws {
        let db = try Self.database()
        struct TooFar: SQLiteRecord {
            init(row: SQLiteRowReader) throws { _ = try row.get(5, as: Int.self) }
        }
        let error = #expect(throws: SQLiteDecodingError.self) { try db.fetchAll(TooFar.self, "SELECT id FROM notes") }
        #expect(error?.reason == .indexOutOfRange(columnCount: 1))
    }

    @Test func recordsComeThroughThePool() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let pool = try await SQLitePool.open(path: folder.path("r.sqlite"))
        try await pool.write { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, rating REAL)")
            try db.run("INSERT INTO notes VALUES (1, 'Pool', NULL)")
        }
        let notes = try await pool.read { try $0.fetchAll(Note.self, "SELECT id, title, rating FROM notes") }
        #expect(notes == [Note(id: 1, title: "Pool", rating: nil)])
        await pool.close()
    }
}
