import Foundation
import MarfaSQLite
import Testing

/// A closed connection refuses every call with a typed error instead of touching a freed handle.
@Suite struct SQLiteClosedConnectionTests {
    @Test func aConnectionClosedMidWayRefusesStatements() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        connection.close()
        #expect { try connection.execute("SELECT 1") } throws: { ($0 as? SQLiteError)?.isClosed == true }
        #expect { _ = try connection.prepare("SELECT 1") } throws: { ($0 as? SQLiteError)?.isClosed == true }
    }
}
