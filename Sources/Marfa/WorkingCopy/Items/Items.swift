/// The items a working copy holds, read from the device.
public struct Items: Sendable {
    let copy: WorkingCopy

    /// The held items `filters` asks for, in `sort`'s order (ties by id). Throws `invalid` for a
    /// `filter` the copy can't answer whole, `unknownType` for a type the catalog lacks, and
    /// `hydrationIncomplete` while a hydration is unfinished.
    public func list(_ filters: ListFilters = ListFilters(), sort: Sort = Sort()) async throws -> [Item] {
        try await copy.perform {
            let query = try await ItemQueryBuilder(engine: copy.engine).query(for: filters, sort: sort)
            return try await copy.engine.items(query)
        }
    }

    /// The item `id`, or nil when it is in the bin or the copy holds no such item.
    public func get(_ id: String) async throws -> Item? {
        try await copy.perform {
            let item = try await copy.engine.item(try WorkingCopy.checkedID(id))
            return item?.state == .trashed ? nil : item
        }
    }
}
