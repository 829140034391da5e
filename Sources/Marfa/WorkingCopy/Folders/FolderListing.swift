/// What a folder's search holds, answered from the copy, and refused whole where the copy can't
/// answer it whole.
struct FolderListing {
    let copy: WorkingCopy
    let folder: Folder

    /// The folder `id` as held, refused as `notFound(not_held)` when the copy holds none and
    /// `invalid` once revoked.
    static func held(_ id: String, in copy: WorkingCopy) async throws -> FolderListing {
        guard let folder = try await copy.engine.folder(try WorkingCopy.checkedID(id)) else {
            throw MarfaError.notFound(code: "not_held", message: "The copy holds no folder \(id).")
        }
        guard folder.state != .revoked else {
            throw MarfaError.invalid(message: "The folder \(id) is revoked, and a revoked folder holds nothing.")
        }
        return FolderListing(copy: copy, folder: folder)
    }

    /// Every item the search holds, by id order.
    func items() async throws -> [Item] {
        let search = folder.settings.search
        let types = try await answerableTypes()
        var found: [String: Item] = [:]
        for type in types {
            for state in search.heldStates {
                let filters = ListFilters(
                    type: type, state: state, tier: search.heldTier, filter: search.filter, beneath: search.beneath)
                for item in try await copy.items.list(filters) where !(type == nil && item.type.hasPrefix("system.")) {
                    found[item.id] = item
                }
            }
        }
        return found.values.sorted { $0.id < $1.id }
    }

    /// The version of every item the search holds, by id, and in whole only those `wanted` picks
    /// from their id and version: a pass compares versions with its ledger first, so items
    /// unchanged since it last saw them aren't read. A search with a property filter reads
    /// every item whole to answer it.
    func items(
        wanted: (_ id: String, _ version: Int64) -> Bool
    ) async throws -> (versions: [String: Int64], items: [String: Item]) {
        let search = folder.settings.search
        let builder = ItemQueryBuilder(engine: copy.engine)
        var versions: [String: Int64] = [:]
        for type in try await answerableTypes() {
            for state in search.heldStates {
                let filters = ListFilters(
                    type: type, state: state, tier: search.heldTier, filter: search.filter, beneath: search.beneath)
                let query = try await copy.perform { try await builder.query(for: filters, sort: Sort()) }
                for held in try await copy.perform({ try await copy.engine.itemVersions(query) })
                where !(type == nil && held.type.hasPrefix("system.")) {
                    versions[held.id] = held.version
                }
            }
        }
        let ids = Set(versions.filter { wanted($0.key, $0.value) }.keys)
        guard !ids.isEmpty else { return (versions, [:]) }
        return (versions, try await Self.items(ids, in: copy))
    }

    /// The items among `ids` the copy holds, in any state, by id.
    static func items(_ ids: Set<String>, in copy: WorkingCopy) async throws -> [String: Item] {
        let query = ItemQuery(
            types: nil, states: nil, tier: nil, tags: [], occurredAfter: nil, occurredBefore: nil, conditions: [],
            ids: ids, sort: Sort(), limit: nil, offset: 0)
        let read = try await copy.perform { try await copy.engine.items(query) }
        return Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The types to list (nil: every type), once the copy is known to hold the search whole:
    /// its slice holds the folder's tier and every type the search names, each with its subtypes.
    private func answerableTypes() async throws -> [String?] {
        let status = try await copy.engine.status()
        let catalog = try await copy.engine.catalog()
        let search = folder.settings.search
        guard let tier = status.sliceTier, status.hydration == .complete else {
            throw MarfaError.hydrationIncomplete(message: "Hydrate the copy before reading a folder from it.")
        }
        guard tier.holds(search.heldTier) else {
            throw notWhole("the \(search.heldTier.rawValue) tier")
        }
        let named = search.types.isEmpty ? catalog.itemTypes.keys.filter { !$0.hasPrefix("system.") } : search.types
        for type in named.sorted() where !status.sliceTypes.contains(where: { catalog.type(type, isWithin: $0) }) {
            throw notWhole("the type \(type)")
        }
        return search.types.isEmpty ? [nil] : search.types.map(Optional.some)
    }

    private func notWhole(_ what: String) -> MarfaError {
        .invalid(
            message: "The copy doesn't hold \(what), so it can't answer the folder \(folder.id)'s search whole.")
    }
}
