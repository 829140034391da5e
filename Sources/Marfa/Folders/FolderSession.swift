import Foundation

/// One call's hold on a folder: the folder's lock, its ledger and its working copy, all in the
/// folder's `.marfa` directory. The lock is an exclusive `flock` taken without waiting, one per
/// open file description, so a second holder, in this process or another, is refused with
/// `readingHandle` and the folder is worked by one at a time.
final class FolderSession: Sendable {
    let directory: URL
    let folderId: String
    let ledger: FolderLedger
    let copy: WorkingCopy
    private let lock: StoreWriterLock

    private init(directory: URL, folderId: String, ledger: FolderLedger, copy: WorkingCopy, lock: StoreWriterLock) {
        self.directory = directory
        self.folderId = folderId
        self.ledger = ledger
        self.copy = copy
        self.lock = lock
    }

    /// The folder's state directory.
    static func stateDirectory(of directory: URL) -> URL {
        directory.appendingPathComponent(FolderScanner.stateDirectory, isDirectory: true)
    }

    /// Takes the folder at `directory` for one call.
    /// - Throws: `readingHandle` while another holder works it; `io` when its state can't be made.
    /// - Parameter binding: The folder `add` binds the directory to; nil reads the one bound.
    static func open(_ directory: URL, binding: String? = nil, server: Server?) async throws -> FolderSession {
        let state = stateDirectory(of: directory)
        let lock = try await FolderThread.run { () throws(MarfaError) -> StoreWriterLock? in
            do {
                try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            } catch {
                throw .io(message: "The folder's state directory \(state.path) couldn't be made: \(error).")
            }
            return try StoreWriterLock.take(forStoreAt: state.appendingPathComponent("folder").path)
        }
        guard let lock else {
            throw MarfaError.readingHandle(
                message: "Another process works the folder \(directory.path); this one waits its turn.")
        }
        do {
            let ledger = try await FolderLedger.open(state.appendingPathComponent("ledger.sqlite"))
            do {
                let folderId = try await bound(ledger, binding: binding, directory: directory)
                let copy = try await WorkingCopy.open(
                    store: state.appendingPathComponent("copy.sqlite"), server: server)
                return FolderSession(directory: directory, folderId: folderId, ledger: ledger, copy: copy, lock: lock)
            } catch {
                await ledger.close()
                throw error
            }
        } catch {
            lock.release()
            throw error
        }
    }

    /// The folder the directory follows, after binding it to `binding` when given.
    private static func bound(_ ledger: FolderLedger, binding: String?, directory: URL) async throws -> String {
        if let binding {
            try await ledger.set(folderKey, binding)
            return binding
        }
        guard let folderId = try await ledger.value(folderKey) else {
            throw MarfaError.notFound(
                code: "not_listed",
                message: "\(directory.path) follows no folder; add it with Folders.add(_:following:).")
        }
        return folderId
    }

    static let folderKey = "folder"

    /// Closes the copy and the ledger, then lets go of the lock.
    func close() async {
        await copy.close()
        await ledger.close()
        lock.release()
    }

    /// Runs `body` with the session for `directory`, closing it after.
    static func with<T: Sendable>(
        _ directory: URL, binding: String? = nil, server: Server?, _ body: (FolderSession) async throws -> T
    ) async throws -> T {
        let session = try await open(directory, binding: binding, server: server)
        do {
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            await session.close()
            throw error
        }
    }

    /// The settings the folder follows: read from the instance and held, else as last held.
    func settings() async throws -> (folder: Folder, fresh: Bool) {
        if let sync = copy.sync {
            do {
                return (try await sync.refreshFolder(folderId), true)
            } catch let error as MarfaError where !error.isOffline {
                throw error
            } catch {}
        }
        guard let held = try await copy.engine.folder(folderId) else {
            throw MarfaError.noServer(message: "The folder \(folderId)'s settings need a server the first time.")
        }
        return (held, false)
    }
}
