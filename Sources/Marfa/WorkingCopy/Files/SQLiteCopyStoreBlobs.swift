import Foundation
import MarfaSQLite

/// The store's side of files: the uploads the queue holds, and the blobs rows still name.
extension SQLiteCopyStore {
    /// The unanswered upload of `hash`, if one is queued: a second put of the same bytes answers
    /// it rather than queue them twice.
    func standingUpload(of hash: String) async throws(MarfaError) -> QueuedWrite? {
        try await read { db in
            try db.first(
                "SELECT \(CopyStoreQueue.columns) FROM queue WHERE kind = 'uploadBlob' AND blob = ? AND verdict IS NULL ORDER BY position DESC",
                hash
            ).map(CopyStoreQueue.write(from:))
        }
    }

    /// Whether another upload of `hash` than `write` was accepted: the server holds the bytes.
    func uploadAccepted(of hash: String, besides write: String) async throws(MarfaError) -> Bool {
        try await read { db in
            try db.query(
                "SELECT verdict FROM queue WHERE kind = 'uploadBlob' AND blob = ? AND id != ? AND verdict IS NOT NULL",
                hash, write
            )
            .contains { $0.string("verdict").flatMap(CopyStoreQueue.decodeVerdict)?.isSuccess == true }
        }
    }

    /// The blobs something still names: an item's `blob_ref` (any state, bin included), or a
    /// queued write (an upload not yet sent, a refused one whose bytes are kept for a release).
    func namedBlobs() async throws(MarfaError) -> Set<String> {
        try await read { db in
            var named = Set(
                try db.query(
                    "SELECT DISTINCT json_extract(properties, '$.blob_ref') AS hash FROM items WHERE json_extract(properties, '$.blob_ref') IS NOT NULL"
                ).compactMap { $0.string("hash") })
            for row in try db.query("SELECT DISTINCT blob FROM queue WHERE blob IS NOT NULL") {
                if let hash = row.string("blob") { named.insert(hash) }
            }
            for row in try db.query("SELECT body FROM queue WHERE kind IN ('createItem', 'updateItem')") {
                if let hash = JSONText.object(row.string("body"))["properties"]?.object?["blob_ref"]?.string {
                    named.insert(hash)
                }
            }
            return named
        }
    }
}
