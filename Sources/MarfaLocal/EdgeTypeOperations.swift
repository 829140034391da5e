import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Edge types: the shipped ones (`parent-of`, `supersedes`, ...) and those registered, stored
/// whole. Deleting a custom edge type does not look for edges of it.
extension LocalAPI {
    /// The edge types every instance ships; their names are reserved.
    static let shippedEdgeTypes: [Components.Schemas.EdgeType] = [
        shipped(
            "parent-of", "Parent of",
            "Holds an item beneath another, as a folder holds its files; one parent per child.", .oneToMany),
        shipped("supersedes", "Supersedes", "The source replaces the target; one each way.", .oneToOne),
        shipped("in-thread", "In thread", "The source belongs to the thread the target starts.", .manyToOne),
        shipped("in-folder", "In folder", "The source sits in the target folder.", .manyToOne),
        shipped("about", "About", "The source is about the target.", .manyToMany),
        shipped("attached-to", "Attached to", "The source is attached to the target.", .manyToMany),
        shipped("authored-by", "Authored by", "The target wrote the source.", .manyToMany),
        shipped("derived-from", "Derived from", "The source was made from the target.", .manyToMany),
        shipped("references", "References", "The source mentions the target.", .manyToMany),
        shipped("in-collection", "In collection", "The source belongs to the target collection.", .manyToMany),
    ]

    /// Shipped edge types that may form no cycle.
    static let acyclicEdgeTypes: Set<String> = ["parent-of", "supersedes"]

    private static func shipped(
        _ id: String, _ label: String, _ description: String,
        _ cardinality: Components.Schemas.EdgeType.CardinalityPayload
    ) -> Components.Schemas.EdgeType {
        .init(
            id: id, label: label, description: description, cardinality: cardinality, sourceTypeConstraints: [],
            targetTypeConstraints: [], cascadeOnDelete: .orphan, propertySchema: [:])
    }

    /// The key, when it may write edge types (`metadata.edge_types:write`).
    func requireEdgeTypeWrite() throws -> KeyRecord {
        let key = try RequestContext.current.requireKey()
        guard key.metadataLevel("edge_types") >= .write else {
            throw LocalError.forbidden(
                "This key may not change edge types; it needs metadata.edge_types:write.",
                details: ["metadata_subresource": "edge_types", "required_scope": "metadata.edge_types:write"])
        }
        return key
    }

    func registerEdgeType(_ input: Operations.RegisterEdgeType.Input) async throws -> Operations.RegisterEdgeType.Output
    {
        _ = try requireEdgeTypeWrite()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        let id = body.id
        let allowed = CharacterSet.lowercaseLetters.union(.decimalDigits).union(CharacterSet(charactersIn: "-_."))
        guard (1...128).contains(id.count), id.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw LocalError.validation("An edge type's id is 1 to 128 lowercase letters, digits, '-', '_' or '.'.")
        }
        if Self.shippedEdgeTypes.contains(where: { $0.id == id }) {
            throw LocalError.conflict("conflict", "The edge type \(id) ships with Marfa; its name is reserved.")
        }
        let now = clock.now
        let edgeType = try await write { db -> Components.Schemas.EdgeType in
            if try db.first("SELECT 1 FROM edge_types WHERE id = ?", id) != nil {
                throw LocalError.conflict("conflict", "The edge type \(id) is already registered.")
            }
            let registry = try TypeRegistry.load(db)
            for type in (body.sourceTypeConstraints ?? []) + (body.targetTypeConstraints ?? [])
            where type != "*" && !type.hasSuffix(".*") {
                _ = try registeredType(type, in: registry)
            }
            let schema = try JSONCoding.decode(
                OpenAPIObjectContainer.self, from: JSONCoding.encode(body.propertySchema?.additionalProperties ?? [:]))
            let edgeType = Components.Schemas.EdgeType(
                id: id, label: body.label, description: body.description,
                cardinality: .init(rawValue: body.cardinality.rawValue),
                sourceTypeConstraints: body.sourceTypeConstraints ?? [],
                targetTypeConstraints: body.targetTypeConstraints ?? [],
                cascadeOnDelete: .init(rawValue: body.cascadeOnDelete?.rawValue ?? "orphan"), propertySchema: schema)
            try db.run(
                "INSERT INTO edge_types (id, definition, created_at) VALUES (?, ?, ?)", id,
                try StoredJSON.encode(edgeType),
                now.stored)
            try ReadViews.change("edge_type.register", at: now, in: db)
            try AuditLog.record("edge_type.register", resourceType: "edge_type", resourceID: id, at: now, in: db)
            return edgeType
        }
        return .created(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(edgeType: edgeType))))
    }

    func listEdgeTypes(_ input: Operations.ListEdgeTypes.Input) async throws -> Operations.ListEdgeTypes.Output {
        _ = try RequestContext.current.requireKey()
        let stored = try await read { db in
            try db.query("SELECT definition FROM edge_types ORDER BY id").map {
                try StoredJSON.decode(Components.Schemas.EdgeType.self, $0.string("definition"))
            }
        }
        let list = Components.Schemas.EdgeTypeList(edgeTypes: Self.shippedEdgeTypes + stored)
        let tag = try CatalogTag.of(list)
        if CatalogTag.matches(input.headers.ifNoneMatch, tag) {
            return .notModified(.init(headers: .init(xMarfaContract: Self.contract, eTag: tag)))
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract, eTag: tag), body: .json(list)))
    }

    func deleteEdgeType(_ input: Operations.DeleteEdgeType.Input) async throws -> Operations.DeleteEdgeType.Output {
        _ = try requireEdgeTypeWrite()
        let id = input.path.id
        if Self.shippedEdgeTypes.contains(where: { $0.id == id }) {
            throw LocalError(403, "forbidden", "The edge type \(id) ships with Marfa and cannot be deleted.")
        }
        let force = input.query.force?.rawValue == "true"
        let now = clock.now
        try await write { db in
            guard try db.first("SELECT 1 FROM edge_types WHERE id = ?", id) != nil else {
                throw LocalError.notFound("not_found", "No edge type \(id).")
            }
            try db.run("DELETE FROM edge_types WHERE id = ?", id)
            try ReadViews.change("edge_type.delete", at: now, in: db)
            try AuditLog.record(
                "edge_type.delete", resourceType: "edge_type", resourceID: id, details: ["force": .bool(force)],
                at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }
}
