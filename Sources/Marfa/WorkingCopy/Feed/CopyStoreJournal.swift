import MarfaSQLite

/// The store's journal of changes, kept so an app that was not running learns what it missed.
/// Local writes, applied server events and refreshes are kept; the connection's comings and goings
/// are not.
enum CopyStoreJournal {
    /// Appends `change` when it is one the journal keeps; returns its position.
    @discardableResult
    static func append(_ change: Change, in db: SQLiteConnection) throws -> Int64? {
        guard let (origin, detail) = encode(change.origin) else { return nil }
        let statement = try db.cachedStatement(
            "INSERT INTO journal(origin, detail, item_id, edge_id) VALUES (?, ?, ?, ?)")
        defer { statement.reset() }
        try statement.bind([origin, detail, change.itemId, change.edgeId])
        _ = try statement.step()
        return db.lastInsertRowID
    }

    static func entries(after position: Int64, most: Int, in db: SQLiteConnection) throws -> [JournaledChange] {
        try db.query(
            "SELECT position, origin, detail, item_id, edge_id FROM journal WHERE position > ? ORDER BY position LIMIT ?",
            position, most
        ).compactMap { row in
            guard let origin = decode(row.string("origin") ?? "", detail: row.string("detail")) else { return nil }
            return JournaledChange(
                position: row.int64("position") ?? 0,
                change: Change(origin: origin, itemId: row.string("item_id"), edgeId: row.string("edge_id")))
        }
    }

    static func head(in db: SQLiteConnection) throws -> Int64 {
        try db.first("SELECT coalesce(max(position), 0) FROM journal")?[0].integer ?? 0
    }

    private static func encode(_ origin: Change.Origin) -> (String, String?)? {
        switch origin {
        case .local(let kind): ("local", kind.rawValue)
        case .server(let event, let cursor): ("server:\(event)", cursor)
        case .refreshed(let refresh): ("refreshed", refresh.rawValue)
        case .serverUnreachable, .serverReachable, .answered, .saved, .stopped: nil
        }
    }

    private static func decode(_ origin: String, detail: String?) -> Change.Origin? {
        if origin == "local" { return detail.flatMap(WriteKind.init(rawValue:)).map { .local($0) } }
        if origin == "refreshed" { return detail.flatMap(Change.Refresh.init(rawValue:)).map { .refreshed($0) } }
        if origin.hasPrefix("server:") { return .server(event: String(origin.dropFirst(7)), cursor: detail ?? "") }
        return nil
    }
}
