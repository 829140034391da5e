/// Where a working copy's rows live. `WorkingCopy` checks every argument, converts values and
/// tells the change feed; an engine only stores and answers. `SQLiteCopyStore` keeps the rows in
/// a store on disk; the fake copy of `MarfaTesting` keeps them in memory.
package protocol CopyEngine: Sendable {
    /// Whether this engine writes its store.
    var handle: WorkingCopy.Handle { get }
    /// What the store holds and where it stands.
    func status() async throws -> WorkingCopy.Status
    /// The catalog the copy answers from: the instance's, else the app's declarations.
    func catalog() async throws -> CopyCatalog
    /// The items `query` asks for, in its order.
    func items(_ query: ItemQuery) async throws -> [Item]
    /// The item with `id` in any state, or nil when the copy holds none.
    func item(_ id: String) async throws -> Item?
    /// The edges `selection` asks for.
    func edges(_ selection: EdgeSelection) async throws -> [Edge]
    /// An item's extension documents by namespace; nil when the copy holds no such item.
    func extensions(of id: String) async throws -> JSONObject?
    /// The app's declared types, in the order declared.
    func declaredTypes() async throws -> [Components.Schemas.TypeDefinitionInput]
    /// Replaces the app's declared types.
    func declareTypes(_ types: [Components.Schemas.TypeDefinitionInput]) async throws
    /// The journal's entries after `position`, at most `most`.
    func journal(after position: Int64, most: Int) async throws -> [JournaledChange]
    /// Releases the store.
    func close() async
}

/// Which edges an edge read asks for.
package enum EdgeSelection: Sendable, Hashable {
    /// Edges leaving the item.
    case from(String)
    /// Edges pointing at the item.
    case to(String)
    /// Edges of the type, oldest first.
    case ofType(String)
}
