import MarfaSQLite

/// Where a working copy's rows live. `WorkingCopy` checks every argument, converts values and
/// tells the change feed; an engine only stores and answers. `SQLiteCopyStore` keeps the rows in
/// a store on disk; the fake copy of `MarfaTesting` keeps them in memory.
package protocol CopyEngine: Sendable {
    /// Whether this engine writes its store.
    var handle: WorkingCopy.Handle { get }
    /// What the store holds and where it stands.
    func status() async throws -> WorkingCopy.Status
    /// The tier of the slice held, or nil before the first hydration.
    func sliceTier() async throws -> SliceTier?
    /// The catalog the copy answers from: the instance's, else the app's declarations.
    func catalog() async throws -> CopyCatalog
    /// The items `query` asks for, in its order.
    func items(_ query: ItemQuery) async throws -> [Item]
    /// The id, type and version of each item `query` asks for, in its order, without their
    /// content where the engine can answer so.
    func itemVersions(_ query: ItemQuery) async throws -> [ItemVersion]
    /// The item with `id` in any state, or nil when the copy holds none.
    func item(_ id: String) async throws -> Item?
    /// The edges `selection` asks for.
    func edges(_ selection: EdgeSelection) async throws -> [Edge]
    /// The edge `id`, or nil when the copy holds none.
    func edge(_ id: String) async throws -> Edge?
    /// An item's extension documents by namespace; nil when the copy holds no such item.
    func extensions(of id: String) async throws -> JSONObject?
    /// The app's declared types, in the order declared.
    func declaredTypes() async throws -> [Components.Schemas.TypeDefinitionInput]
    /// Replaces the app's declared types.
    func declareTypes(_ types: [Components.Schemas.TypeDefinitionInput]) async throws
    /// The journal's entries after `position`, at most `most`.
    func journal(after position: Int64, most: Int) async throws -> [JournaledChange]
    /// The items `request` finds, best first, with their scores and marked excerpts.
    func search(_ request: SearchRequest) async throws -> [(item: Item, row: SearchRow)]
    /// The name and preview of each item (the fake copy's are scripted).
    func displays(of items: [Item], catalog: CopyCatalog) async throws -> [ItemDisplay]
    /// The items a link typed as `text` in the item `itemId` could point at, best first.
    func linkCandidates(of text: String, in itemId: String, limit: Int) async throws -> [LinkCandidate]
    /// The views held, by name.
    func views() async throws -> [View]
    /// The folder `id` as last written or read, or nil when the copy holds none.
    func folder(_ id: String) async throws -> Folder?
    /// Stores `write` at the queue's end with its local effect, in one step; returns it as queued
    /// (with what it follows and depends on).
    func enqueue(_ write: QueuedWrite, effect: LocalEffect) async throws -> QueuedWrite
    /// Every queued write, in queue order.
    func queuedWrites() async throws -> [QueuedWrite]
    /// Requeues a blocked or dead write under a fresh idempotency key; false for any other.
    func release(_ id: String) async throws -> Bool
    /// Requeues every write blocked for `reason`; returns how many.
    func release(reason: BlockedReason) async throws -> Int
    /// Removes a refused write nothing waits on; false for any other.
    func discard(_ id: String) async throws -> Bool
    /// Clears the answered writes the app no longer needs; returns how many.
    func forgetAnswered() async throws -> Int
    /// Hands over the answered writes not handed over before, removing them.
    func takeAnswered() async throws -> [QueuedWrite]
    /// Releases the store.
    func close() async
}

extension CopyEngine {
    /// Read from the items themselves.
    package func itemVersions(_ query: ItemQuery) async throws -> [ItemVersion] {
        try await items(query).map(ItemVersion.init)
    }

    /// Worked out from each item's title and body.
    package func displays(of items: [Item], catalog: CopyCatalog) async throws -> [ItemDisplay] {
        items.map { ItemDisplay($0, typeLabel: catalog.itemTypes[$0.type]?.label) }
    }
}

/// What sends a copy's queue and records the verdicts: the store's sync for a copy on disk, the
/// scripted verdicts for the fake.
package protocol CopyDrainer: Sendable {
    /// One pass over the queue (see `Queue.drain()`).
    func drain() async throws -> DrainReport
    /// Removes a write blocked for an unavailable ancestor or an unresolved conflict and resets
    /// its row to the server's copy.
    func withdraw(_ id: String) async throws -> Bool
    /// Makes a view (`id` nil) or changes one on `baseVersion`; answers it as stored.
    func save(view settings: View.Settings, id: String?, baseVersion: Int64?) async throws -> View
    /// Deletes the view `id`.
    func delete(view id: String) async throws
    /// Creates a folder on the instance and holds it.
    func createFolder(_ settings: FolderSettings, idempotencyKey: String) async throws -> Folder
    /// Changes a folder's settings on `baseVersion` and holds the folder as answered.
    func changeFolder(
        _ id: String, _ change: FolderSettingsChange, baseVersion: Int64, idempotencyKey: String
    ) async throws -> Folder
    /// Revokes a folder and holds it revoked.
    func revokeFolder(_ id: String, idempotencyKey: String) async throws -> Folder
    /// What a copy drained this way throws for `call`, which needs a server it doesn't have.
    func unsupported(_ call: String) -> any Error
}

extension CopyDrainer {
    package func unsupported(_ call: String) -> any Error {
        MarfaError.noServer(message: "\(call) needs a server, and the copy was opened without one.")
    }
}

/// An error an engine throws that reaches the app as it is rather than as a `MarfaError`: the
/// fake copy's `FakeCopyError`.
package protocol CopyEngineError: Error {}

/// Which edges an edge read asks for.
package enum EdgeSelection: Sendable, Hashable {
    /// Edges leaving the item.
    case from(String)
    /// Edges pointing at the item.
    case to(String)
    /// Edges of the type, oldest first.
    case ofType(String)
}

/// An item's id, type and version: what a folder's pass compares with its ledger before it reads
/// any item whole.
package struct ItemVersion: Sendable, Hashable {
    package var id: String
    package var type: String
    package var version: Int64

    /// The id, type and version of `item`.
    package init(_ item: Item) { (id, type, version) = (item.id, item.type, item.version) }

    /// An item's `id`, `type` and `version`, as its row holds them.
    package init(id: String, type: String, version: Int64) { (self.id, self.type, self.version) = (id, type, version) }
}
