import Foundation
import MarfaDigest
import MarfaSQLite

/// Read views: the proof a working copy holds that its inventory, its direct reads and its copy
/// stream all belong to one authorized view for one credential.
///
/// A view is 64 lowercase hex characters, a SHA-256 of the instance id, the credential's identity
/// (`KeyRecord.viewIdentity`) and the instance's **view generation**: a counter in the database
/// that every change of what credentials see moves (one row of `read_view_changes` each), so one
/// change moves every credential's view. What moves it: registering or deleting an item type or
/// edge type, re-parenting a type, a retype (PATCH `retype`, type moves), narrowing a key's reach,
/// and a trash-purge sweep that purges items. Content edits, tier, state and bin moves, and edge
/// writes do not.
///
/// Each change also records the log head when it happened (`after_event`): a copy stream opened
/// under an older generation sends nothing past that event, then `read_view_changed`.
enum ReadViews {
    /// The current view generation (0 before any change).
    static func generation(in db: SQLiteConnection) throws -> Int64 {
        try db.fetchValue(Int64.self, "SELECT COALESCE(MAX(generation), 0) FROM read_view_changes") ?? 0
    }

    /// Moves the view generation, recording `reason` and the log head. Call it before appending the
    /// change's own events, so that they fall after the boundary.
    static func change(_ reason: String, at date: Date, in db: SQLiteConnection) throws {
        try db.run(
            "INSERT INTO read_view_changes (after_event, reason, created_at) VALUES (?, ?, ?)",
            try EventLog.head(in: db),
            reason, date.stored)
    }

    /// The last event that still belongs to generation `generation`: the log head when the next
    /// change happened; nil while no later change exists.
    static func lastEvent(of generation: Int64, in db: SQLiteConnection) throws -> Int64? {
        try db.fetchValue(
            Int64.self, "SELECT after_event FROM read_view_changes WHERE generation > ? ORDER BY generation LIMIT 1",
            generation)
    }

    /// The view of the credential `identity` on instance `instanceID` at `generation`.
    static func view(instanceID: String, identity: String, generation: Int64) -> String {
        SHA256.hex("marfa-read-view:\(instanceID):\(identity):\(generation)")
    }

    /// Whether `text` has the shape of a view: 64 lowercase hex characters.
    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether narrowing `old` to `new` takes something away that changes the view: a type any
    /// name of either map reaches less than before, or any change to the edge, metadata or
    /// extension maps.
    static func narrows(_ old: KeyRecord.Grants, to new: KeyRecord.Grants) -> Bool {
        if old.edgePermissions != new.edgePermissions || old.metadataPermissions != new.metadataPermissions
            || old.extensionPermissions != new.extensionPermissions
        {
            return true
        }
        let names = Set(old.typePermissions.keys).union(new.typePermissions.keys).union(["*"])
        return names.contains { name in
            KeyRecord.level(of: name, in: new.typePermissions) < KeyRecord.level(of: name, in: old.typePermissions)
        }
    }
}

extension KeyRecord {
    /// Who the credential is for its read view: a key's id; for an OAuth access token the app and
    /// the scopes it holds, so that two tokens of one app with the same scopes (a refresh) share a
    /// view.
    var viewIdentity: String {
        guard isApp else { return "key:\(id)" }
        return "app:\(source):\((appScopes ?? []).sorted().joined(separator: " "))"
    }
}

extension LocalAPI {
    /// The read view of `key` at `generation`.
    func readView(for key: KeyRecord, generation: Int64) -> String {
        ReadViews.view(instanceID: store.instanceID, identity: key.viewIdentity, generation: generation)
    }

    /// The read view of `key` now, read in `db`.
    func currentReadView(for key: KeyRecord, in db: SQLiteConnection) throws -> String {
        readView(for: key, generation: try ReadViews.generation(in: db))
    }
}
