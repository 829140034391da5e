import Foundation
import MarfaSQLite
import MarfaTypes

/// Folders, views and webhooks as stored: one row of `settings` each, the wire document in JSON.
enum SettingStore {
    /// The kinds of setting, as `TypeSetting.kind` names them.
    enum Kind: String, CaseIterable, Sendable {
        case folder, view, webhook
    }

    /// The document of setting `id`, or nil.
    static func find<T: Decodable>(_ kind: Kind, id: String, as type: T.Type, in db: SQLiteConnection) throws -> T? {
        guard let row = try db.first("SELECT document FROM settings WHERE kind = ? AND id = ?", kind.rawValue, id)
        else {
            return nil
        }
        return try StoredJSON.decode(T.self, row.string("document"))
    }

    /// Every document of `kind`, oldest first.
    static func all<T: Decodable>(_ kind: Kind, as type: T.Type, in db: SQLiteConnection) throws -> [T] {
        try db.query("SELECT document FROM settings WHERE kind = ? ORDER BY created_at, id", kind.rawValue).map {
            try StoredJSON.decode(T.self, $0.string("document"))
        }
    }

    /// Inserts or replaces setting `id`, stamped `date`.
    static func save<T: Encodable>(
        _ kind: Kind, id: String, _ document: T, at date: Date, in db: SQLiteConnection
    ) throws {
        let now = date.stored
        try db.run(
            """
            INSERT INTO settings (kind, id, document, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at
            """, kind.rawValue, id, try StoredJSON.encode(document), now, now)
    }

    /// Removes setting `id`; false when there was none.
    static func delete(_ kind: Kind, id: String, in db: SQLiteConnection) throws -> Bool {
        let existed = try db.first("SELECT 1 FROM settings WHERE kind = ? AND id = ?", kind.rawValue, id) != nil
        try db.run("DELETE FROM settings WHERE kind = ? AND id = ?", kind.rawValue, id)
        return existed
    }

    /// The id a new setting gets when the body names none: `given`, else a UUIDv7 of `date`. A
    /// given id must be 1 to 128 letters, digits, `.`, `_` or `-`.
    static func newID(_ given: String?, at date: Date) throws -> String {
        guard let given else { return Identifiers.uuidV7(at: date) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard (1...128).contains(given.count), given.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII })
        else {
            throw LocalError.validation("The id '\(given)' must be 1 to 128 letters, digits, '.', '_' or '-'.")
        }
        return given
    }
}
