import Foundation
import MarfaSQLite
import Synchronization

/// The working copy's store on disk: a SQLite file in WAL mode, read and written on the pool's own
/// threads. One opener writes (it holds `StoreWriterLock`); every other opener reads.
final class SQLiteCopyStore: CopyEngine {
    let path: String
    let pool: SQLitePool
    let handle: WorkingCopy.Handle
    private let writerLock: StoreWriterLock?
    /// The folder beside the store where blobs' bytes live.
    let blobs: BlobCache
    /// The catalog as last read from the store; nil until read, and cleared when it changes.
    private let cachedCatalog = Mutex<CopyCatalog?>(nil)
    /// The slice's tier as last read; the outer nil until read. A hydration clears it.
    let cachedSliceTier = Mutex<SliceTier??>(nil)
    /// When rows the writes left for the search index are to be indexed (see `scheduleIndexing`).
    let indexing = Mutex(IndexingSchedule())

    private init(path: String, pool: SQLitePool, writerLock: StoreWriterLock?, files: any BlobFileLayer) {
        self.path = path
        blobs = BlobCache(storePath: path, files: files)
        self.pool = pool
        self.writerLock = writerLock
        handle = writerLock == nil ? .reader : .writer
    }

    /// How much of the store each reader maps into memory: searches look up hundreds of rows
    /// scattered over the file, and a mapped page is read where it lies instead of being copied
    /// into a small page cache first (a prefix search on 100,000 items took about half as long).
    static let readerMemoryMap = 256 << 20

    /// Opens the store at `path`, making it when there is none and this opener may write.
    ///
    /// `reader` opens it for reading only. A store another build made throws `wrongSchema`; a path
    /// with no store throws `store` for a reader.

    static func open(
        path: String, reader: Bool, files: any BlobFileLayer = SystemBlobFiles()
    ) async throws(MarfaError) -> SQLiteCopyStore {
        let lock = reader ? nil : try StoreWriterLock.take(forStoreAt: path)
        do {
            if lock == nil {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw MarfaError.store(message: "There is no working copy at \(path).")
                }
                let pool = try await SQLitePool.open(
                    path: path, configuration: .init(readOnly: true, readerMemoryMapBytes: readerMemoryMap))
                let store = SQLiteCopyStore(path: path, pool: pool, writerLock: nil, files: files)
                try await store.checkSchema(writing: false)
                return store
            }
            let pool = try await SQLitePool.open(
                path: path, configuration: .init(readerMemoryMapBytes: readerMemoryMap))
            let store = SQLiteCopyStore(path: path, pool: pool, writerLock: lock, files: files)
            try await store.checkSchema(writing: true)
            // Rows a writer before this one left unindexed.
            if try await pool.read({ db in try CopySearchIndex.hasPending(in: db) }) { store.scheduleIndexing() }
            return store
        } catch {
            lock?.release()
            throw Self.storeError(error, path: path)
        }
    }

    /// Checks the file is a store this build reads, making the tables of a new one.
    private func checkSchema(writing: Bool) async throws {
        let path = self.path
        let found: (applicationID: Int, version: Int, unsent: UInt64?) = try await pool.read { db in
            let applicationID = try db.first("PRAGMA application_id")?[0].integer ?? 0
            let version = try db.schemaVersion()
            let hasQueue = try db.first("SELECT 1 FROM sqlite_master WHERE name = 'queue'") != nil
            let unsent = hasQueue ? try db.first("SELECT count(*) FROM queue WHERE verdict IS NULL")?[0].integer : nil
            let tables = try db.first("SELECT count(*) FROM sqlite_master")?[0].integer ?? 0
            return (
                tables == 0 ? Int(CopyStoreSchema.applicationID) : Int(applicationID), version,
                unsent.map { UInt64($0) }
            )
        }
        guard found.applicationID == Int(CopyStoreSchema.applicationID) else {
            throw MarfaError.wrongSchema(
                path: path, reason: "not_a_copy", unsent: nil,
                message: "The file at \(path) isn't a Marfa working copy, so it wasn't opened.")
        }
        guard found.version <= CopyStoreSchema.currentVersion else {
            throw Self.newerSchema(path: path, version: found.version, unsent: found.unsent)
        }
        if writing, found.version < CopyStoreSchema.currentVersion {
            _ = try await pool.writeWithoutTransaction { db in
                try db.execute("PRAGMA application_id = \(CopyStoreSchema.applicationID)")
            }
            _ = try await pool.migrate(CopyStoreSchema.migrations)
        } else if !writing, found.version < CopyStoreSchema.currentVersion {
            throw MarfaError.wrongSchema(
                path: path, reason: "older_build", unsent: found.unsent,
                message:
                    "The working copy at \(path) was made by an older build; open it for writing once to bring it up to date."
            )
        }
    }

    private static func newerSchema(path: String, version: Int, unsent: UInt64?) -> MarfaError {
        let waiting =
            unsent.map { " It holds \($0) unsent write\($0 == 1 ? "" : "s"), which that build can still send." } ?? ""
        return .wrongSchema(
            path: path, reason: "newer_build", unsent: unsent,
            message:
                "The working copy at \(path) was made by a newer build (store version \(version)), so this one can't read it.\(waiting)"
        )
    }

    /// A failure of the store as a `MarfaError`: full disks as `storageFull`, a file that isn't a
    /// database as `wrongSchema`, everything else as `store`.
    static func storeError(_ error: any Error, path: String) -> MarfaError {
        switch error {
        case let error as MarfaError: return error
        case let error as SQLiteError where error.primaryCode == 13:
            return .storageFull(message: "The device is full, so the working copy at \(path) couldn't be written.")
        case let error as SQLiteError where error.primaryCode == 26:
            return .wrongSchema(
                path: path, reason: "not_a_copy", unsent: nil,
                message: "The file at \(path) isn't a Marfa working copy, so it wasn't opened.")
        case let error as SQLiteSchemaTooNew:
            return newerSchema(path: path, version: error.foundVersion, unsent: nil)
        case is CancellationError: return .canceled
        default: return .store(message: "The working copy at \(path) couldn't be read or written: \(error).")
        }
    }

    /// Runs `body` in one read snapshot, its failures as `MarfaError`.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws(MarfaError) -> T {
        do { return try await pool.read(body) } catch { throw Self.storeError(error, path: path) }
    }

    /// Runs `body` in one write transaction, its failures as `MarfaError`; `readingHandle` on a
    /// reader. Rows it leaves for the search index are indexed in a batch after it returns.
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws(MarfaError) -> T {
        guard handle == .writer else { throw WorkingCopy.readingHandleError }
        do {
            let (value, pending) = try await pool.write { db in (try body(db), try CopySearchIndex.hasPending(in: db)) }
            if pending { scheduleIndexing() }
            return value
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Forgets the cached catalog, after a write that changed it.
    func catalogChanged() { cachedCatalog.withLock { $0 = nil } }

    /// The catalog the store holds, read once and kept until `catalogChanged()`.
    func catalog() async throws -> CopyCatalog {
        if let cached = cachedCatalog.withLock({ $0 }) { return cached }
        let catalog = try await read { db in try CopyStoreRows.catalog(in: db) }
        cachedCatalog.withLock { $0 = catalog }
        return catalog
    }

    /// Indexes the rows left for the search index, closes the pool and lets go of the writer's
    /// lock, so another opener may write.
    func close() async {
        if handle == .writer { try? await indexPending() }
        await pool.close()
        writerLock?.release()
    }
}

extension SQLiteCopyStore {
    /// `catalog()` with its failure typed, for the sync steps.
    func heldCatalog() async throws(MarfaError) -> CopyCatalog {
        do { return try await catalog() } catch { throw MarfaError(error) }
    }

    /// `declaredTypes()` with its failure typed, for the sync steps.
    func heldDeclarations() async throws(MarfaError) -> [Components.Schemas.TypeDefinitionInput] {
        do { return try await declaredTypes() } catch { throw MarfaError(error) }
    }
}
