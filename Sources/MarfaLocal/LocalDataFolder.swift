import Foundation
import MarfaClock
import MarfaSQLite

/// A local instance's data folder, opened on the instance's own machine to act as its owner
/// without the HTTP doors: show the kept owner key (`ownerSecrets()`), approve a device sign-in
/// (`approveDeviceSignIn(userCode:scopes:)`) and mint a key (`createKey(scopes:label:source:)`).
/// Being able to read and write the folder is the authority, as with the store itself.
///
/// ```swift
/// let folder = try await LocalDataFolder.open(URL(fileURLWithPath: ".build/local-data"))
/// let approval = try await folder.approveDeviceSignIn(userCode: "BCDF-GHJK")
/// await folder.close()
/// ```
///
/// Opening changes nothing (no migration, no settling of interrupted work), so an instance may be
/// running on the folder meanwhile; SQLite's locks keep the two processes' writes apart, and the
/// instance reads what a command wrote on its next request.
public final class LocalDataFolder: Sendable {
    /// The folder.
    public let directory: URL
    /// The instance's ID.
    public var instanceID: String { store.instanceID }

    let store: LocalStore

    private init(directory: URL, store: LocalStore) {
        self.directory = directory
        self.store = store
    }

    /// Opens the store in `directory`; `LocalDataFolderError.noStore` when there is none.
    public static func open(_ directory: URL) async throws -> LocalDataFolder {
        guard let store = try await LocalStore.attach(directory: directory, clock: SystemClock()) else {
            throw LocalDataFolderError.noStore(directory.path)
        }
        return LocalDataFolder(directory: directory, store: store)
    }

    /// Closes the store.
    public func close() async { await store.close() }

    /// The owner's key and generated password as the first start printed them.
    public struct OwnerSecrets: Sendable, Equatable {
        /// The owner's key, nil when none is kept.
        public var key: String?
        /// Whether the kept key still signs requests (false once revoked or expired).
        public var keyIsLive: Bool
        /// The generated owner password, nil when none is kept (one given with `--owner-password`
        /// is never kept).
        public var password: String?
        /// Whether the kept password is still the owner's (false once another replaced it).
        public var passwordIsCurrent: Bool
    }

    /// The kept owner key and password, each checked against the store;
    /// `LocalDataFolderError.noKeptSecrets` when the folder keeps neither, `.secretsExposed` when
    /// the file holding them is readable by anyone but its owner.
    public func ownerSecrets() async throws -> OwnerSecrets {
        let file = OwnerSecretsFile.url(in: directory).path
        if let mode = (try? FileManager.default.attributesOfItem(atPath: file))?[.posixPermissions] as? Int,
            mode & 0o077 != 0
        {
            throw LocalDataFolderError.secretsExposed(file, mode: String(mode, radix: 8))
        }
        guard let kept = try OwnerSecretsFile.read(in: directory), kept.key != nil || kept.password != nil else {
            throw LocalDataFolderError.noKeptSecrets(directory.path)
        }
        let store = store
        let now = store.clock.now
        let (keyIsLive, storedPassword) = try await store.read { db -> (Bool, String?) in
            let live = try kept.key.flatMap { try KeyRecord.find(plaintext: $0, in: db, now: now) }?.isOwner ?? false
            return (live, try store.meta(OwnerPassword.metaName, in: db))
        }
        var passwordIsCurrent = false
        if let password = kept.password {
            passwordIsCurrent = await OwnerPassword.verify(password, against: storedPassword)
        }
        return OwnerSecrets(
            key: kept.key, keyIsLive: keyIsLive, password: kept.password, passwordIsCurrent: passwordIsCurrent)
    }
}
