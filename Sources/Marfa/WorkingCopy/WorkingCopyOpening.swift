import Foundation
import MarfaClock

extension WorkingCopy {
    /// Opens the store at `store`, making it when there is none.
    ///
    /// With a `server` the copy can hydrate, catch up and follow. The store is bound to the
    /// server's origin: another address throws `wrongServer` and is sent nothing. When another
    /// opener writes the store, this copy only reads it (`handle` is `.reader`). A store another
    /// build made throws `wrongSchema`; `expectingUnsent`, when given, must equal the count of
    /// unsent writes the store holds, else `unsentDiffers`.
    ///
    /// - Parameters:
    ///   - store: The store file.
    ///   - server: Where the copy hydrates, catches up, follows and drains; nil for a copy that
    ///     answers from the device only (`noServer` from the calls that need one).
    ///   - expectingUnsent: The count of unsent writes the app last saw, or nil not to check.
    /// - Throws: `wrongServer`, `wrongSchema`, `unsentDiffers`, `store` or `io`, before anything is sent.
    public static func open(
        store: URL, server: Server? = nil, expectingUnsent: UInt64? = nil
    ) async throws -> WorkingCopy {
        try await open(store: store, server: server, expectingUnsent: expectingUnsent, clock: SystemClock())
    }

    /// Opens the store at `store` for reading only, never taking the writer's role. A path with
    /// no store throws `store`.
    ///
    /// - Throws: `store` for a path with no store, `wrongSchema` for a store another build made.
    public static func openReader(store: URL) async throws -> WorkingCopy {
        let engine = try await SQLiteCopyStore.open(path: try path(of: store), reader: true)
        return WorkingCopy(
            engine: engine, sync: nil, feed: ChangeFeed(), connection: UpdateFeed(initial: .local), watch: nil
        ).watchingSaves(of: engine)
    }

    /// `open(store:server:expectingUnsent:)` with the clock the follow waits on.
    /// `files` is the blob folder's file layer (a test's full disk).
    package static func open(
        store: URL, server: Server?, expectingUnsent: UInt64?, clock: any MarfaClock,
        files: any BlobFileLayer = SystemBlobFiles()
    ) async throws -> WorkingCopy {
        let path = try path(of: store)
        let engine = try await SQLiteCopyStore.open(path: path, reader: false, files: files)
        do {
            if let server { try await check(server, boundTo: engine) }
            if let expectingUnsent { try await check(expectingUnsent, in: engine) }
        } catch {
            await engine.close()
            throw error
        }
        let feed = ChangeFeed()
        let connection = UpdateFeed(initial: server == nil ? .local : .idle)
        guard engine.handle == .writer else {
            return WorkingCopy(engine: engine, sync: nil, feed: feed, connection: connection).watchingSaves(of: engine)
        }
        let sync = CopySync(store: engine, server: server, feed: feed, updates: connection, clock: clock)
        return WorkingCopy(engine: engine, sync: sync, feed: feed, connection: connection)
    }

    private static func path(of store: URL) throws(MarfaError) -> String {
        guard store.isFileURL, !store.path.isEmpty, !store.hasDirectoryPath else {
            throw .invalid(message: "A working copy's store is a file; \(store) isn't a file address.")
        }
        return store.path
    }

    private static func check(_ server: Server, boundTo engine: SQLiteCopyStore) async throws(MarfaError) {
        guard let origin = Server.origin(of: server.url) else {
            throw .invalid(message: "The server's address has no origin.")
        }
        let bound = try await engine.bind(origin: origin)
        guard bound == origin else {
            throw .wrongServer(
                expected: bound, got: origin,
                message:
                    "The copy was made against \(bound), not \(origin); it sent that server nothing. Open another store for it."
            )
        }
    }

    private static func check(_ expected: UInt64, in engine: SQLiteCopyStore) async throws {
        let found = UInt64(try await engine.status().unsent)
        guard found == expected else {
            throw MarfaError.unsentDiffers(
                expected: expected, found: found,
                message:
                    "The store holds \(found) unsent write\(found == 1 ? "" : "s"), not the \(expected) the app expected."
            )
        }
    }

    /// Starts telling `changes()` streams `.saved` whenever another connection commits to the store.
    private func watchingSaves(of engine: SQLiteCopyStore) -> WorkingCopy {
        let feed = self.feed
        let task = Task {
            guard let commits = try? await engine.pool.watchCommits() else { return }
            var saves: Int64 = 0
            for await _ in commits {
                saves += 1
                feed.send(Change(origin: .saved(dataVersion: saves)))
            }
        }
        watch.withLock { $0 = task }
        return self
    }
}
