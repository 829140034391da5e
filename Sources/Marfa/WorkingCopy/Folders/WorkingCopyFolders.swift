import Foundation
import MarfaDigest

/// A folder's settings, written on the instance. Each call goes to the server at once and is never
/// queued: with no server reachable it throws, and nothing waits to be sent. The copy holds the
/// folder as answered, and tells every `changes()` stream `.refreshed(.folderWritten)`.
extension WorkingCopy {
    /// Creates a folder with `settings`; `settings.title` is required.
    /// - Parameters:
    ///   - settings: The folder's title, search, defaults, patterns and removal threshold.
    ///   - idempotencyKey: A repeat under the same key is answered with the first folder; nil sends
    ///     a fresh key.
    /// - Throws: `invalid` without a title; the server's refusal; `network` when it can't be reached.
    public func createFolder(_ settings: FolderSettings, idempotencyKey: String? = nil) async throws -> Folder {
        try await perform {
            guard let title = settings.title, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MarfaError.invalid(message: "A folder needs a title.")
            }
            try Self.check(settings.search)
            return try await requireDrainer().createFolder(settings, idempotencyKey: Self.key(idempotencyKey))
        }
    }

    /// Changes the settings `change` names, based on the version the app read.
    /// - Throws: `server` 409 `version_conflict` when a setting changed since `baseVersion`;
    ///   `validation` `invalid_transition` for a revoked folder; `invalid` for an empty change.
    public func changeFolder(
        _ id: String, _ change: FolderSettingsChange, baseVersion: Int64, idempotencyKey: String? = nil
    ) async throws -> Folder {
        try await perform {
            guard !change.isEmpty else { throw MarfaError.invalid(message: "The change names no setting.") }
            if let search = change.search { try Self.check(search) }
            return try await requireDrainer().changeFolder(
                try Self.checkedID(id), change, baseVersion: baseVersion, idempotencyKey: Self.key(idempotencyKey))
        }
    }

    /// Revokes the folder: it changes no more, and folders on disk bound to it stop following it.
    /// - Throws: `validation` `invalid_transition` for a folder already revoked.
    public func revokeFolder(_ id: String, idempotencyKey: String? = nil) async throws -> Folder {
        try await perform {
            try await requireDrainer().revokeFolder(try Self.checkedID(id), idempotencyKey: Self.key(idempotencyKey))
        }
    }

    private static func key(_ given: String?) throws(MarfaError) -> String {
        guard let given else { return UUIDv7.make() }
        guard !given.isEmpty, given.utf8.count <= 255 else {
            throw .invalid(message: "An idempotency key has 1 to 255 bytes.")
        }
        return given
    }

    /// A folder holds active and archived items only, and a search naming no state holds nothing.
    private static func check(_ search: FolderSearch) throws(MarfaError) {
        guard let states = search.states else { return }
        guard !states.isEmpty else {
            throw .invalid(message: "A folder's search names no state, so it would hold nothing.")
        }
        if let other = states.first(where: { $0 != .active && $0 != .archived }) {
            throw .invalid(message: "A folder holds active and archived items, and the search names \(other.rawValue).")
        }
    }
}
