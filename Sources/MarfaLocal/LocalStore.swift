import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite

/// The instance's data folder: one SQLite file (`marfa.sqlite`) holding every table, migrated to
/// this build's schema when opened, and the instance's identity, minted on first open.
final class LocalStore: Sendable {
    let database: SQLiteDatabase
    /// The instance's UUIDv7, the same for every start on this folder.
    let instanceID: String
    /// Whether this open created the store.
    let isNew: Bool
    /// Wakes followers of the event log after writes.
    let events = EventHub()
    /// The data folder.
    let directory: URL

    static let fileName = "marfa.sqlite"

    init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        database = try SQLiteDatabase(path: directory.appendingPathComponent(Self.fileName).path)
        var created = false
        instanceID = try database.read { db in
            try db.migrate(LocalSchema.migrations)
            return try db.transaction { db in
                if let existing = try db.first("SELECT value FROM meta WHERE name = 'instance_id'")?.string("value") {
                    return existing
                }
                created = true
                let id = Identifiers.uuidV7()
                try db.run("INSERT INTO meta (name, value) VALUES ('instance_id', ?)", id)
                try db.run("INSERT INTO meta (name, value) VALUES ('created_at', ?)", Date().timeIntervalSince1970.description)
                try TypeCatalog.install(in: db)
                return id
            }
        }
        isNew = created
    }

    func close() { database.close() }

    // MARK: Meta values

    func meta(_ name: String, in db: SQLiteConnection) throws -> String? {
        try db.first("SELECT value FROM meta WHERE name = ?", name)?.string("value")
    }

    func setMeta(_ name: String, _ value: String?, in db: SQLiteConnection) throws {
        if let value {
            try db.run("INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", name, value)
        } else {
            try db.run("DELETE FROM meta WHERE name = ?", name)
        }
    }
}

/// JSON text for columns holding documents.
enum StoredJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) throws -> T {
        try JSONCoding.makeDecoder().decode(type, from: Data((text ?? "null").utf8))
    }
}

extension Date {
    /// The date as stored: seconds since 1970.
    var stored: Double { timeIntervalSince1970 }
    init(stored: Double?) { self.init(timeIntervalSince1970: stored ?? 0) }
}
