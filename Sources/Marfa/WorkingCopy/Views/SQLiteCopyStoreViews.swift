import Foundation
import MarfaSQLite

/// The views the instance keeps, held in the store.
extension SQLiteCopyStore {
    func views() async throws -> [View] {
        try await read { db in
            try db.query("SELECT definition FROM views").compactMap { row in
                try? JSONCoding.makeDecoder().decode(
                    Components.Schemas.View.self, from: Data((row.string("definition") ?? "").utf8))
            }.map(WireView.view).sorted { ($0.settings.name, $0.id) < ($1.settings.name, $1.id) }
        }
    }

    /// Stores views as the instance answered them.
    func store(wireViews: [Components.Schemas.View], replacingAll: Bool) async throws(MarfaError) {
        let encoder = JSONCoding.makeEncoder()
        let rows = wireViews.map { ($0.id, String(decoding: (try? encoder.encode($0)) ?? Data(), as: UTF8.self)) }
        try await write { db in
            if replacingAll { _ = try db.run("DELETE FROM views") }
            for (id, definition) in rows {
                _ = try db.run("INSERT OR REPLACE INTO views(id, definition) VALUES (?, ?)", id, definition)
            }
        }
    }

    func removeView(_ id: String) async throws(MarfaError) {
        try await write { db in _ = try db.run("DELETE FROM views WHERE id = ?", id) }
    }
}
