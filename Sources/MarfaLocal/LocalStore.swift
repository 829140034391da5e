import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The instance's data folder: one SQLite file (`marfa.sqlite`) holding every table, migrated to
/// this build's schema when opened, and the instance's identity, minted on first open.
///
/// The file is shared through a `SQLitePool`: one writer and a few readers, each on its own thread,
/// so no SQLite call runs on the Swift cooperative pool, reads never wait for a write, and each
/// `read` sees one commit. The folder is created owner-only (0700) and the database files are
/// kept owner-only (0600), since they hold key hashes, the owner password hash and webhook
/// secrets. Opening also settles what a crash or stop left half done: running type moves end as
/// failed (`interrupted`), housekeeping runs stop counting as running, and idempotency
/// reservations are dropped.
final class LocalStore: Sendable {
    /// The database: one writer and up to four readers, each on its own thread.
    let pool: SQLitePool
    /// The instance's UUIDv7, the same for every start on this folder.
    let instanceID: String
    /// Whether this open created the store.
    let isNew: Bool
    /// Wakes followers of the event log after writes.
    let events = EventHub()
    /// The followers' live reads of the event log, shared where they can be.
    let eventReads = SharedEventReads()
    /// The data folder.
    let directory: URL
    /// When the search text writes leave waiting is indexed.
    let searchIndexing: SearchIndexing
    /// Work running beyond requests (type moves, search indexing), cancelled and awaited before
    /// the store closes.
    let background = BackgroundTasks()
    /// Woken by type move job ID when a cancel is asked for and when the job ends.
    let typeMoveChanges = ChangeWaiters<String>()
    /// Where the instance reads the time: every stored timestamp, lifetime and expiry, and the
    /// waits that are about time (`LocalInstance.Options.clock`).
    let clock: any MarfaClock
    /// The live keys credentials stood for, kept while no commit changed them; nil for a store
    /// attached beside a running instance, whose writer watches no commits.
    let credentials: CredentialCache?

    static let fileName = "marfa.sqlite"
    /// The pool's settings: four readers, enough for the cores this runs on and the followers' reads.
    static let poolConfiguration = SQLitePool.Configuration(readerCount: 4)

    private init(
        pool: SQLitePool, instanceID: String, isNew: Bool, directory: URL, clock: any MarfaClock,
        searchIndexDelay: Duration, credentials: CredentialCache?
    ) {
        self.pool = pool
        self.credentials = credentials
        self.instanceID = instanceID
        self.isNew = isNew
        self.directory = directory
        self.clock = clock
        searchIndexing = SearchIndexing(delay: searchIndexDelay)
    }

    /// Opens the store in `directory` (creating it), migrates it, fills the search index where a
    /// migration asked for it, mints the identity on first open and settles interrupted work.
    static func open(
        directory: URL, clock: any MarfaClock, searchIndexDelay: Duration = SearchIndexing.defaultDelay
    ) async throws -> LocalStore {
        try prepareFolder(directory)
        let pool = try await SQLitePool.open(
            path: directory.appendingPathComponent(fileName).path, configuration: poolConfiguration)
        do {
            restrictDatabaseFiles(in: directory)
            try await pool.migrate(LocalSchema.migrations)
            let credentials = CredentialCache()
            try await pool.write { db in
                try db.countCommits(into: credentials.changes)
                try ItemSearchIndex.tune(in: db)
                try ItemSearchIndex.fillIfAsked(in: db)
            }
            let now = clock.now
            let (instanceID, created) = try await pool.write { db in try identity(at: now, in: db) }
            try await pool.write { db in try settleInterruptedWork(at: now, in: db) }
            return LocalStore(
                pool: pool, instanceID: instanceID, isNew: created, directory: directory, clock: clock,
                searchIndexDelay: searchIndexDelay, credentials: credentials)
        } catch {
            await pool.close()
            throw error
        }
    }

    /// Opens the existing store in `directory` as it is, for commands run beside a running
    /// instance: no folder or file is created, nothing is migrated or settled, and one reader
    /// suffices. Nil when `directory` holds no store; `SQLiteSchemaTooNew` for a newer build's, and
    /// `LocalDataFolderError.needsStart` for one an older build left.
    static func attach(directory: URL, clock: any MarfaClock) async throws -> LocalStore? {
        let path = directory.appendingPathComponent(fileName).path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size, size > 0 else { return nil }
        let pool = try await SQLitePool.open(path: path, configuration: SQLitePool.Configuration(readerCount: 1))
        do {
            let version = try await pool.read { try $0.checkSchema(LocalSchema.migrations) }
            guard version == LocalSchema.migrations.last?.version,
                let instanceID = try await pool.read({
                    try $0.first("SELECT value FROM meta WHERE name = 'instance_id'")?.string("value")
                })
            else { throw LocalDataFolderError.needsStart(directory.path) }
            return LocalStore(
                pool: pool, instanceID: instanceID, isNew: false, directory: directory, clock: clock,
                searchIndexDelay: SearchIndexing.defaultDelay, credentials: nil)
        } catch {
            await pool.close()
            throw error
        }
    }

    /// The stored instance ID, or a new one (with the shipped types) on a new store; and whether
    /// it is new.
    private static func identity(at now: Date, in db: SQLiteConnection) throws -> (String, Bool) {
        if let existing = try db.first("SELECT value FROM meta WHERE name = 'instance_id'")?.string("value") {
            return (existing, false)
        }
        let id = Identifiers.uuidV7(at: now)
        try db.run("INSERT INTO meta (name, value) VALUES ('instance_id', ?)", id)
        try db.run("INSERT INTO meta (name, value) VALUES ('created_at', ?)", now.timeIntervalSince1970.description)
        try TypeCatalog.install(in: db, at: now)
        return (id, true)
    }

    /// Runs `body` on a reader in one snapshot (see `SQLitePool.read`). The call runs to its end
    /// even when the calling task is canceled (a request whose client left, or the server
    /// stopping), as a request under way always has.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await pool.readToEnd(body)
    }

    /// Runs `body` on the writer in a transaction of its own or one shared with the writes queued
    /// beside it, committed before this returns (see `SQLitePool.writeGrouped`); wakes no
    /// follower. Like `read`, it runs to its end even when the calling task is canceled, so a
    /// request's writes (or a stopping job's last one) are never cut short between two of them.
    /// A body touches nothing but the database: it may run twice when a shared transaction is lost.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        let result = try await pool.writeGrouped(body)
        if searchIndexing.noteWrite() { scheduleSearchIndexing() }
        return result
    }

    /// Indexes every row the writes left in `search_pending`, in batches (`ItemSearchIndex`), so
    /// every row committed before the call is indexed when it returns; does nothing when no write
    /// came since the last time and no indexing is under way. Run before a search.
    func indexPendingSearchText() async throws {
        guard searchIndexing.begin() else { return }
        defer { searchIndexing.end() }
        let size = SearchIndexing.batchSize
        while try await pool.writeGrouped({ db in try ItemSearchIndex.indexPending(upTo: size, in: db) }) == size {}
    }

    /// Indexes the waiting rows `searchIndexing.delay` after now, unless the store stops first.
    /// The wait is on the system's clock, not `clock`: it paces work and means nothing about the
    /// data's time, and no answer waits for it (a search indexes first).
    private func scheduleSearchIndexing() {
        background.run { [self] in
            guard (try? await Task.sleep(for: searchIndexing.delay)) != nil else { return }
            searchIndexing.scheduledBatchStarts()
            try? await indexPendingSearchText()
        }
    }

    /// Creates the folder owner-only when missing, and the database file owner-only before SQLite
    /// opens it (SQLite gives its `-wal` and `-shm` files the database file's mode).
    private static func prepareFolder(_ directory: URL) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: directory.path) {
            try files.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let database = directory.appendingPathComponent(fileName).path
        if !files.fileExists(atPath: database) {
            _ = files.createFile(atPath: database, contents: nil, attributes: [.posixPermissions: 0o600])
        }
    }

    /// Makes the database files owner-only, whatever mode an earlier build left them in.
    private static func restrictDatabaseFiles(in directory: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let path = directory.appendingPathComponent(fileName + suffix).path
            if FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            }
        }
    }

    /// Ends what the last run left under way: no request or job of it survives this open.
    private static func settleInterruptedWork(at date: Date, in db: SQLiteConnection) throws {
        let interrupted = try StoredJSON.encode(
            Components.Schemas.ErrorBody(
                code: "interrupted", message: "The instance stopped during the move; start it again."))
        let now = date.stored
        try db.run(
            "UPDATE type_moves SET status = 'failed', error = ?, finished_at = ? WHERE status = 'running'", interrupted,
            now)
        try db.run(
            """
            UPDATE housekeeping_runs SET running_since = NULL, last_finished_at = ?, last_outcome = 'error',
                last_error = 'interrupted' WHERE running_since IS NOT NULL
            """, now)
        try db.run("DELETE FROM idempotency_records WHERE status = \(IdempotencyMiddleware.reservedStatus)")
    }

    /// Closes the pool: waits for the calls already accepted, then refuses new ones.
    func close() async { await pool.close() }

    // MARK: Meta values

    func meta(_ name: String, in db: SQLiteConnection) throws -> String? {
        try db.first("SELECT value FROM meta WHERE name = ?", name)?.string("value")
    }

    func setMeta(_ name: String, _ value: String?, in db: SQLiteConnection) throws {
        if let value {
            try db.run(
                "INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                name, value)
        } else {
            try db.run("DELETE FROM meta WHERE name = ?", name)
        }
    }
}

/// JSON text for columns holding documents, objects in their members' order (an item's
/// properties as written), through the runtime's ordered coders.
enum StoredJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String?) throws -> T {
        try JSONCoding.decode(type, from: Data((text ?? "null").utf8))
    }
}

extension Date {
    /// The date as stored: seconds since 1970.
    var stored: Double { timeIntervalSince1970 }
    init(stored: Double?) { self.init(timeIntervalSince1970: stored ?? 0) }
}
