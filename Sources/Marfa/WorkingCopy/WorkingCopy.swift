import Foundation
import MarfaClock
import Synchronization

/// A copy of a slice of a Marfa instance on the device: it answers reads offline from a SQLite
/// store, fills itself with `hydrate`, stays in step with `catchUp` and, while an app holds a
/// `changes()` stream, by following the instance's events live.
///
/// Every call throws a `MarfaError`. One opener of a store writes it; every other opener, in
/// this process or another, only reads (`handle` is `.reader`, and writes throw `readingHandle`).
/// The key or token is never written to the store.
public final class WorkingCopy: Sendable {
    let engine: any CopyEngine
    let sync: CopySync?
    /// What drains the queue when it isn't the sync (the fake's scripted verdicts).
    let drainer: (any CopyDrainer)?
    let gate = CallGate()
    /// Held while a file is taken in and its upload queued, and while unnamed blobs are removed,
    /// so housekeeping never takes bytes an upload is about to name.
    let fileWork = AsyncLock()
    package let feed: ChangeFeed
    package let connection: UpdateFeed
    private let closing = Mutex<Task<Void, Never>?>(nil)
    let watch: Mutex<Task<Void, Never>?>

    /// Whether this copy writes its store or only reads it; it keeps the last role after `close`.
    public let handle: Handle

    /// A copy over `engine`; `drainer` drains its queue when there is no `sync` (the fake's).
    package init(
        engine: any CopyEngine, sync: CopySync?, drainer: (any CopyDrainer)? = nil, feed: ChangeFeed,
        connection: UpdateFeed,
        watch: Task<Void, Never>? = nil
    ) {
        self.engine = engine
        self.sync = sync
        self.drainer = drainer
        self.feed = feed
        self.connection = connection
        self.handle = engine.handle
        self.watch = Mutex(watch)
        if let sync { feed.observeCount { sync.follow.setWanted($0 > 0) } }
    }

    /// The items the copy holds: reads, and (later) queued writes.
    public var items: Items { Items(copy: self) }
    /// The edges the copy holds.
    public var edges: Edges { Edges(copy: self) }
    /// The tags of the items the copy holds.
    public var tags: Tags { Tags(copy: self) }
    /// The tags and extensions of the items the copy holds.
    public var metadata: Metadata { Metadata(copy: self) }
    /// The extension documents of the items the copy holds.
    public var extensions: Extensions { Extensions(copy: self) }
    /// The item and edge types the copy knows.
    public var catalog: Catalog { Catalog(copy: self) }

    /// What the store holds and where it stands.
    public func status() async throws -> Status {
        try await perform { try await engine.status() }
    }

    /// Ends every `changes()` and `updates()` sequence, waits for the calls running, then releases
    /// the store. Later calls throw `closed`. A second close waits for the first.
    public func close() async {
        let task = closing.withLock { task -> Task<Void, Never> in
            if let task { return task }
            let started = Task { await self.release() }
            task = started
            return started
        }
        await task.value
    }

    private func release() async {
        _ = await gate.close()
        watch.withLock { $0?.cancel() }
        await sync?.stop()
        feed.finish()
        connection.finish()
        await engine.close()
    }

    /// Runs one call: refused once the copy is closed or while its key changes, and its failure
    /// as a `MarfaError`.
    func perform<T>(_ body: () async throws -> T) async throws -> T {
        try gate.enter()
        defer { gate.leave() }
        do {
            return try await body()
        } catch let error as any CopyEngineError {
            throw error
        } catch {
            throw MarfaError(error)
        }
    }

    /// The sync side of the copy for `call`, or why this copy has none: a reader's
    /// `readingHandle`, the fake's own refusal, else `noServer`.
    func requireSync(_ call: String) throws -> CopySync {
        guard let sync else {
            if handle == .reader { throw Self.readingHandleError }
            if let drainer { throw drainer.unsupported(call) }
            throw MarfaError.noServer(message: "This call needs a server, and the copy was opened without one.")
        }
        return sync
    }

    static let readingHandleError = MarfaError.readingHandle(
        message: "Another copy writes this store, so this one only reads it.")
    static let hydrationIncompleteError = MarfaError.hydrationIncomplete(
        message: "The copy is being filled, or its last fill was interrupted. Hydrate it to read again.")
    static let keyChangingError = MarfaError.keyChanging(
        message: "The copy's key is being replaced. Ask again once it's done.")
}
