import Foundation

/// Directories on disk kept in step with folders on the instance, on Linux and on Apple
/// platforms. Each directory holds its state in `.marfa` (a working copy, a ledger, a lock), and
/// the registry lists the directories for other tools. One process works a directory at a time:
/// the others' calls throw `readingHandle`. Every call throws a `MarfaError`.
public final class Folders: Sendable {
    /// The server the folders sync with; nil works from what each copy holds.
    public let server: Server?
    let registry: FolderRegistry?
    /// Told the path of each step a pass takes, after it: a test's hook to stop a pass part way.
    let observer: (@Sendable (String) -> Void)?

    /// Folders listed in the registry `MARFA_FOLDER_REGISTRY` names, else in the platform's
    /// application-support folder.
    public convenience init(server: Server? = nil) {
        self.init(server: server, registryFile: FolderRegistry.located())
    }

    /// Folders listed in the registry file at `registry`.
    public convenience init(server: Server? = nil, registry: URL) {
        self.init(server: server, registryFile: registry)
    }

    /// Folders listed in `registry`, `observer` told each step of a pass (see `observer`).
    package init(server: Server?, registryFile: URL?, observer: (@Sendable (String) -> Void)? = nil) {
        self.server = server
        self.registry = registryFile.map(FolderRegistry.init(file:))
        self.observer = observer
    }

    /// Binds `directory` to the folder `folderId` and lists it. Nothing is synced until `sync(_:)`.
    /// - Throws: `invalid` for a directory that isn't one, or one inside another folder (or
    ///   holding one); `readingHandle` while another process works it.
    public func add(_ directory: URL, following folderId: String) async throws -> ListedFolder {
        try await Self.marfa {
            let id = try WorkingCopy.checkedID(folderId)
            guard FolderScanner.isDirectory(directory.path) else {
                throw MarfaError.invalid(message: "\(directory.path) isn't a directory.")
            }
            let resolved = URL(fileURLWithPath: FolderRegistry.resolved(directory), isDirectory: true)
            if let registry {
                try await FolderThread.run { () throws(MarfaError) in try registry.add(resolved, folder: id) }
            }
            try await FolderSession.with(resolved, binding: id, server: nil) { _ in }
            return ListedFolder(directory: resolved, folderId: id)
        }
    }

    /// Every folder the registry lists.
    public func list() async throws -> [ListedFolder] {
        try await Self.marfa {
            guard let registry else { return [] }
            return try await FolderThread.run { () throws(MarfaError) in try registry.entries() }.map {
                ListedFolder(directory: URL(fileURLWithPath: $0.dir, isDirectory: true), folderId: $0.folder)
            }
        }
    }

    /// Takes `directory` off the registry. Its files and its `.marfa` state stay, so no unsent
    /// write is lost; adding it again carries on.
    public func remove(_ directory: URL) async throws {
        try await Self.marfa {
            guard let registry else { return }
            _ = try await FolderThread.run { () throws(MarfaError) in try registry.remove(directory) }
        }
    }

    /// One sync: the copy brought up, the disk scanned, each file and item brought into step,
    /// the queue drained. A first sync that would write or send files answers its plan and does
    /// neither until `confirmFirstSync(in:)`; a removal past the threshold waits for
    /// `confirmRemoval(in:)` while the rest goes on.
    public func sync(_ directory: URL) async throws -> FolderSyncResult {
        try await Self.marfa {
            try await FolderSession.with(directory, server: server) {
                try await FolderPassRun(session: $0, observer: observer).run()
            }
        }
    }

    /// Runs `body`, its failure as a `MarfaError`.
    static func marfa<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw MarfaError(error)
        }
    }
}
