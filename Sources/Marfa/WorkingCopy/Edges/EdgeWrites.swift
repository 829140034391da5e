import Foundation
import MarfaDigest

/// The edge writes: each changes the store at once and queues the write.
extension Edges {
    /// Makes an edge of `type` from `source` to `target` and queues it.
    ///
    /// The copy refuses what it can tell before queueing: an edge to the item itself
    /// (`validation`, `edge_cycle`), a second edge of a type between the same items (`validation`
    /// with `details` `constraint: duplicate`) and one the type's cardinality forbids
    /// (`constraint: cardinality`). An edge type the catalog lacks throws `unknownType`.
    ///
    /// - Parameters:
    ///   - source: The item the edge leaves.
    ///   - target: The item it points to.
    ///   - type: The edge type (`derived-from`).
    ///   - properties: The edge's properties, checked against the type's property schema.
    ///   - id: The edge's id; nil mints one.
    public func create(
        from source: String, to target: String, type: String, properties: JSONObject = [:], id: String? = nil
    ) async throws -> QueuedWrite {
        try await copy.perform {
            let (write, effect) = try await creation(
                from: source, to: target, type: type, properties: properties, id: id)
            return try await copy.enqueue(write, effect: effect)
        }
    }

    /// The write that creates the edge, checked against the catalog and the edges held, and its
    /// local effect; nothing queued yet.
    func creation(
        from source: String, to target: String, type: String, properties: JSONObject = [:], id: String? = nil
    ) async throws -> (write: QueuedWrite, effect: LocalEffect) {
        let (source, target) = (try WorkingCopy.checkedID(source), try WorkingCopy.checkedID(target))
        guard source != target else {
            throw MarfaError.validation(
                code: "edge_cycle", message: "An edge can't point at the item it leaves.", details: nil)
        }
        let catalog = try await copy.engine.catalog()
        guard let edgeType = catalog.edgeTypes[type] else {
            throw MarfaError.unknownType(message: "The copy's catalog holds no edge type \(type).")
        }
        try await checkConstraints(edgeType, from: source, to: target)
        let now = Date()
        let id = try id.map(WorkingCopy.checkedID) ?? UUIDv7.make()
        let edge = Edge(
            id: id, sourceId: source, targetId: target, edgeType: type, properties: properties, version: 0,
            createdAt: now, updatedAt: now)
        let body = try WireBodies.createEdge(
            Components.Schemas.EdgeInput(
                id: id, sourceId: source, targetId: target, edgeType: type, properties: properties))
        let write = QueuedWrite(
            id: UUIDv7.make(), kind: .createEdge, itemId: source, targetId: target, edgeId: id, body: body)
        return (write, .edge(edge))
    }

    private func checkConstraints(_ type: EdgeType, from source: String, to target: String) async throws {
        let leaving = try await copy.engine.edges(.from(source)).filter { $0.edgeType == type.id }
        if leaving.contains(where: { $0.targetId == target }) {
            throw Self.refusal(
                "An edge of \(type.id) from \(source) to \(target) exists already.", constraint: "duplicate")
        }
        let oneAtSource = type.cardinality == "one-to-one" || type.cardinality == "many-to-one"
        let oneAtTarget = type.cardinality == "one-to-one" || type.cardinality == "one-to-many"
        if oneAtSource, !leaving.isEmpty {
            throw Self.refusal("\(source) already has its one edge of \(type.id).", constraint: "cardinality")
        }
        if oneAtTarget, try await copy.engine.edges(.to(target)).contains(where: { $0.edgeType == type.id }) {
            throw Self.refusal("\(target) already has its one incoming edge of \(type.id).", constraint: "cardinality")
        }
    }

    private static func refusal(_ message: String, constraint: String) -> MarfaError {
        .validation(code: "edge_constraint_violation", message: message, details: ["constraint": .string(constraint)])
    }

    /// Replaces the edge's properties, based on the version the copy holds (else `versionConflict`).
    ///
    /// - Parameters:
    ///   - id: An edge the copy holds (else `notFound`).
    ///   - properties: The properties it takes.
    ///   - baseVersion: The version the change is based on (else `versionConflict`).
    public func update(_ id: String, properties: JSONObject, baseVersion: Int64) async throws -> QueuedWrite {
        try await copy.perform {
            var edge = try await held(id)
            guard edge.version == baseVersion else {
                throw MarfaError.versionConflict(
                    code: "version_conflict",
                    message: "The copy holds version \(edge.version) of edge \(id), not \(baseVersion).")
            }
            edge.properties = properties
            edge.updatedAt = Date()
            let write = QueuedWrite(
                id: UUIDv7.make(), kind: .updateEdge, itemId: edge.sourceId, targetId: edge.targetId, edgeId: id,
                baseVersion: baseVersion,
                body: ["properties": .object(properties)])
            return try await copy.enqueue(write, effect: .edge(edge))
        }
    }

    /// Removes the edge at once and queues the delete.
    public func delete(_ id: String) async throws -> QueuedWrite {
        try await copy.perform {
            let edge = try await held(id)
            let write = QueuedWrite(
                id: UUIDv7.make(), kind: .deleteEdge, itemId: edge.sourceId, targetId: edge.targetId, edgeId: id)
            return try await copy.enqueue(write, effect: .deleteEdge(id))
        }
    }

    private func held(_ id: String) async throws -> Edge {
        let id = try WorkingCopy.checkedID(id)
        guard let edge = try await copy.engine.edge(id) else {
            throw MarfaError.notFound(code: "not_held", message: "The copy holds no edge \(id).")
        }
        return edge
    }
}
