import Foundation
import Marfa
import MarfaTypes

extension Client {
    /// The definition as `register(itemType:)` would store it, normalized, or the refusal it
    /// would give; writes nothing.
    public func check(
        itemType definition: Components.Schemas.TypeDefinitionInput
    ) async throws -> Components.Schemas.ItemType {
        try await marfaCall { try await normalizeType(body: .json(definition)).ok.body.json._type }
    }

    /// Registers an item type; answers it as stored. An ID already registered throws
    /// `server` with status 409 and the code `type_already_exists`.
    @discardableResult
    public func register(
        itemType definition: Components.Schemas.TypeDefinitionInput
    ) async throws -> Components.Schemas.ItemType {
        try await marfaCall { try await registerType(body: .json(definition)).created.body.json._type }
    }

    /// Replaces the definition of the item type `id`; answers it as stored.
    @discardableResult
    public func replace(
        itemType id: String, with definition: Components.Schemas.TypeDefinitionInput
    ) async throws -> Components.Schemas.ItemType {
        try await marfaCall { try await replaceType(path: .init(id: id), body: .json(definition)).ok.body.json._type }
    }

    /// Deletes the item type `id`. While an item, folder, view or webhook names it, this throws
    /// `server` with status 409 and the code `type_in_use`, whose message ends with the settings
    /// that name it; `force: true` deletes it anyway and leaves the items.
    public func delete(itemType id: String, force: Bool = false) async throws {
        _ = try await marfaCall {
            try await deleteType(path: .init(id: id), query: .init(force: force ? ._true : nil)).ok
        }
    }

    /// Registers an edge type; answers it as stored.
    @discardableResult
    public func register(
        edgeType definition: Components.Schemas.EdgeTypeInput
    ) async throws -> Components.Schemas.EdgeType {
        try await marfaCall { try await registerEdgeType(body: .json(definition)).created.body.json.edgeType }
    }

    /// Every edge type, shipped and registered.
    public func edgeTypes() async throws -> [Components.Schemas.EdgeType] {
        try await marfaCall { try await listEdgeTypes().ok.body.json.edgeTypes }
    }

    /// Deletes the edge type `id`. While edges of it exist this throws `server` with status 409
    /// and the code `edge_type_in_use`, unless `force` is true.
    public func delete(edgeType id: String, force: Bool = false) async throws {
        _ = try await marfaCall {
            try await deleteEdgeType(path: .init(id: id), query: .init(force: force ? ._true : nil)).ok
        }
    }
}
