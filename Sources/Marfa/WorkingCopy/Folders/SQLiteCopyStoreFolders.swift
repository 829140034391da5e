import Foundation
import MarfaSQLite

/// The folders' settings the copy holds, as the instance last answered them.
extension SQLiteCopyStore {
    /// The folder `id`, or nil when the copy holds none.
    func folder(_ id: String) async throws -> Folder? {
        let text = try await read { db in
            try db.query("SELECT definition FROM folders WHERE id = ?", id).first?.string("definition")
        }
        guard let text else { return nil }
        return try FolderWireShape.answer(JSONValue.object(JSONText.object(text)))
    }

    /// Holds `folder`, replacing what the copy held of it.
    func store(folder: Folder) async throws(MarfaError) {
        var shape = FolderWireShape(folder.settings)
        shape.id = folder.id
        shape.version = folder.version
        shape.state = folder.state.rawValue
        let text = JSONText.encode(try shape.json())
        try await write { db in
            _ = try db.run("INSERT OR REPLACE INTO folders(id, definition) VALUES (?, ?)", folder.id, text)
        }
    }
}
