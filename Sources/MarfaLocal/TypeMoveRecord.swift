import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// A type move job as stored: one row of `type_moves`.
struct TypeMoveRecord: Sendable {
    var id: String
    var from: String
    var to: String
    var properties: OpenAPIObject
    var keyID: String?
    var status: String
    var moved: Int64
    var remaining: Int64
    var remainingHidden: Bool
    var settingsRewritten: Bool
    var cancelRequested: Bool
    var error: Components.Schemas.ErrorBody?
    var createdAt: Date
    var finishedAt: Date?

    init(row: SQLiteRow) throws {
        id = row.string("id") ?? ""
        from = row.string("from_type") ?? ""
        to = row.string("to_type") ?? ""
        properties = try StoredJSON.decode(OpenAPIObject.self, row.string("properties"))
        keyID = row.string("key_id")
        status = row.string("status") ?? "running"
        moved = row.int64("moved") ?? 0
        remaining = row.int64("remaining") ?? 0
        remainingHidden = row.bool("remaining_hidden") ?? false
        settingsRewritten = row.bool("settings_rewritten") ?? false
        cancelRequested = row.bool("cancel_requested") ?? false
        error = try row.string("error").map { try StoredJSON.decode(Components.Schemas.ErrorBody.self, $0) }
        createdAt = Date(stored: row.double("created_at"))
        finishedAt = row.double("finished_at").map { Date(stored: $0) }
    }

    static func find(id: String, in db: SQLiteConnection) throws -> TypeMoveRecord? {
        try db.first("SELECT * FROM type_moves WHERE id = ?", id).map(TypeMoveRecord.init(row:))
    }

    var isRunning: Bool { status == "running" }

    var wire: Components.Schemas.TypeMoveJob {
        Components.Schemas.TypeMoveJob(
            id: id, from: from, to: to, status: .init(rawValue: status),
            result: .init(
                moved: moved, remaining: remaining, remainingHidden: remainingHidden,
                settingsRewritten: settingsRewritten),
            error: error.map { .value($0) } ?? .null, createdAt: createdAt,
            finishedAt: finishedAt.map { .value($0) } ?? .null)
    }
}

/// Which items of a type a key's move reaches: an instance admin reaches every item; any other key
/// only the items written under a source it claims (its own or one in its `sources`). The rest are
/// hidden from its move and stay where they are.
struct MoveReach: Sendable {
    /// The sources reached; nil for every source.
    let sources: [String]?

    init(key: KeyRecord) {
        sources = key.isAdmin ? nil : [key.source] + key.grants.sources
    }

    /// The SQL condition on `items` and its values.
    var condition: (sql: String, values: [any SQLiteBindable]) {
        guard let sources else { return ("1", []) }
        return (
            "source IN (\(sources.map { _ in "?" }.joined(separator: ", ")))", sources.map { $0 as any SQLiteBindable }
        )
    }

    /// Items of `type` this reach sees, and whether others exist.
    func count(_ type: String, in db: SQLiteConnection) throws -> (visible: Int64, hidden: Bool) {
        let (sql, values) = condition
        let visible =
            try db.query("SELECT count(*) AS n FROM items WHERE type = ? AND \(sql)", values: [type] + values).first?
            .int64("n") ?? 0
        let all = try db.first("SELECT count(*) AS n FROM items WHERE type = ?", type)?.int64("n") ?? 0
        return (visible, all > visible)
    }
}
