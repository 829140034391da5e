/// Turns an app's `ListFilters` into an engine's `ItemQuery`: every check made here, once, for
/// every engine.
struct ItemQueryBuilder {
    let engine: any CopyEngine

    func query(for filters: ListFilters, sort: Sort) async throws -> ItemQuery {
        if let limit = filters.limit, limit < 0 {
            throw MarfaError.invalid(message: "A limit is 0 or more, not \(limit).")
        }
        if let offset = filters.offset, offset < 0 {
            throw MarfaError.invalid(message: "An offset is 0 or more, not \(offset).")
        }
        var conditions: [PropertyCondition] = []
        if let filter = filters.filter {
            guard let parsed = PropertyCondition.parse(filter) else {
                throw MarfaError.invalid(
                    message: "The copy can't answer the filter \"\(filter)\" whole; ask the server instead.")
            }
            conditions = parsed
        }
        let states: Set<ItemState>? = filters.state.map { [$0] } ?? (filters.allStates ? nil : [.active])
        return ItemQuery(
            types: try await types(filters.type), states: states, tier: filters.tier,
            tags: filters.tags, occurredAfter: filters.occurredAfter, occurredBefore: filters.occurredBefore,
            conditions: conditions, ids: try await beneath(filters.beneath), sort: sort, limit: filters.limit,
            offset: filters.offset ?? 0)
    }

    /// The type and its subtree; `unknownType` when the catalog holds types but not this one.
    private func types(_ type: String?) async throws -> Set<String>? {
        guard let type else { return nil }
        _ = try WorkingCopy.checkedTypes([type])
        let catalog = try await engine.catalog()
        if type.hasSuffix(".*") { return catalog.subtree(of: type) }
        if catalog.itemTypes.isEmpty { return [type] }
        guard catalog.itemTypes[type] != nil else {
            throw MarfaError.unknownType(message: "The copy's catalog holds no type \(type).")
        }
        return catalog.subtree(of: type)
    }

    /// The ids beneath `root` along held `parent-of` edges.
    private func beneath(_ root: String?) async throws -> Set<String>? {
        guard let root else { return nil }
        var found: Set<String> = []
        var frontier = [try WorkingCopy.checkedID(root)]
        while let id = frontier.popLast() {
            for edge in try await engine.edges(.from(id))
            where edge.edgeType == "parent-of" && found.insert(edge.targetId).inserted {
                frontier.append(edge.targetId)
            }
        }
        return found
    }
}
