/// The item and edge types a working copy knows: the instance's after a hydration, the app's
/// declarations before one. Read offline.
public struct Catalog: Sendable {
    let copy: WorkingCopy

    /// Every item type, by id. Throws `noCatalog` when the copy holds none.
    public func itemTypes() async throws -> [ItemType] {
        try await copy.perform { try await held().itemTypes.values.sorted { $0.id < $1.id } }
    }

    /// The item type `id`, inherited fields included; `notFound` (`type_not_found`) when unknown.
    public func itemType(_ id: String) async throws -> ItemType {
        try await copy.perform {
            guard let type = try await held().itemTypes[id] else {
                throw MarfaError.notFound(
                    code: "type_not_found", message: "The copy's catalog holds no item type \(id).")
            }
            return type
        }
    }

    /// Every edge type, by id. Throws `noCatalog` when the copy holds none.
    public func edgeTypes() async throws -> [EdgeType] {
        try await copy.perform { try await held().edgeTypes.values.sorted { $0.id < $1.id } }
    }

    /// The edge type `id`; `notFound` (`edge_type_not_found`) when unknown.
    public func edgeType(_ id: String) async throws -> EdgeType {
        try await copy.perform {
            guard let type = try await held().edgeTypes[id] else {
                throw MarfaError.notFound(
                    code: "edge_type_not_found", message: "The copy's catalog holds no edge type \(id).")
            }
            return type
        }
    }

    private func held() async throws -> CopyCatalog {
        let catalog = try await copy.engine.catalog()
        guard !catalog.isEmpty else {
            throw MarfaError.noCatalog(
                message: "The copy holds no type catalog yet. Hydrate it, or declare the app's types.")
        }
        return catalog
    }
}
