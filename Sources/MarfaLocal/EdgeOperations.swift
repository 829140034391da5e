import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// Edges: typed, directed links between two items, with their own id, properties and version.
///
/// - Creating one needs write on the source item's type (`403 type_not_permitted`) and on the
///   edge type (`403 edge_permission_denied`); both items must be readable and out of the bin
///   (`404 item_not_found`). A self-loop is `400 edge_cycle`, and so is an edge of `parent-of` or
///   `supersedes` that would close a cycle. Cardinality holds per edge type: `one-to-many` lets a
///   target have one incoming edge (one parent per child), `many-to-one` a source one outgoing
///   edge, `one-to-one` both; a breach, or an item outside the type's endpoint constraints, is
///   `400 edge_constraint_violation`. The same type, source and target again answers the edge
///   that exists (`200`); an `id` naming this very edge is answered `200` with `acknowledged`.
/// - `PATCH /edges/{id}` merges properties (`null` removes one) and needs the edge's `version`
///   (`400 missing_required_field` without it, `409 version_conflict` with `current` when stale).
/// - Reading an edge needs read on its edge type and on the types of both its items; lists page by
///   an opaque cursor, oldest first, leaving out the edges the key cannot read. Every write emits
///   `edge.created`, `edge.updated` or `edge.deleted`.
extension LocalAPI {
    private func edgeResponse(_ edge: EdgeRecord, acknowledged: Bool? = nil) -> Components.Responses.EdgeEnvelope {
        .init(
            headers: .init(xMarfaContract: Self.contract),
            body: .json(.init(edge: edge.wire, acknowledged: acknowledged)))
    }

    /// The edge type `id`, shipped or registered; `400 validation_error` when unknown.
    func edgeType(_ id: String, in db: SQLiteConnection) throws -> Components.Schemas.EdgeType {
        if let shipped = Self.shippedEdgeTypes.first(where: { $0.id == id }) { return shipped }
        guard let row = try db.first("SELECT definition FROM edge_types WHERE id = ?", id) else {
            throw LocalError.validation("The edge type \(id) is not registered.", details: ["edge_type": .string(id)])
        }
        return try StoredJSON.decode(Components.Schemas.EdgeType.self, row.string("definition"))
    }

    /// `403 edge_permission_denied` unless `key` may write edges of `edgeType`.
    func requireEdgeWrite(_ edgeType: String, by key: KeyRecord) throws {
        guard key.isAdmin || KeyRecord.level(of: edgeType, in: key.grants.edgePermissions) >= .write else {
            throw LocalError(
                403, "edge_permission_denied", "This key may not write \(edgeType) edges.",
                details: ["required_scope": .string("edge.\(edgeType):write")])
        }
    }

    /// Whether `key` may read an edge of `edgeType` between items of `sourceType` and `targetType`.
    static func mayRead(edgeType: String, sourceType: String, targetType: String?, by key: KeyRecord) -> Bool {
        guard let targetType else { return false }
        return (key.isAdmin || KeyRecord.level(of: edgeType, in: key.grants.edgePermissions) >= .read)
            && key.typeLevel(sourceType) >= .read && key.typeLevel(targetType) >= .read
    }

    /// The edge `id` as `key` may see it: `404 edge_not_found` when missing, of an edge type the key
    /// cannot read, or joining an item the key cannot read.
    func visibleEdge(_ id: String, by key: KeyRecord, in db: SQLiteConnection) throws -> (EdgeRecord, ItemRecord) {
        guard let edge = try EdgeRecord.find(id: id, in: db),
            let source = try ItemRecord.find(id: edge.sourceID, in: db),
            Self.mayRead(
                edgeType: edge.edgeType, sourceType: source.type,
                targetType: try ItemRecord.find(id: edge.targetID, in: db)?.type,
                by: key)
        else { throw LocalError.notFound("edge_not_found", "No edge \(id).") }
        return (edge, source)
    }

    /// Whether `type` meets `constraints` (none means any; `x.*` a prefix; a type covers its subtypes).
    private func meets(_ type: String, _ constraints: [String], registry: TypeRegistry) -> Bool {
        guard !constraints.isEmpty else { return true }
        return constraints.contains { constraint in
            if constraint == "*" { return true }
            if constraint.hasSuffix(".*") { return type.hasPrefix(String(constraint.dropLast())) }
            return registry.descendants(of: constraint).contains(type)
        }
    }

    /// Whether `from` reaches `to` along edges of `edgeType`.
    private func reaches(_ from: String, _ to: String, along edgeType: String, in db: SQLiteConnection) throws -> Bool {
        var seen: Set<String> = [from]
        var frontier = [from]
        while let current = frontier.popLast() {
            for row in try db.query(
                "SELECT target_id FROM edges WHERE source_id = ? AND edge_type = ?", current, edgeType)
            {
                let next = row.string("target_id") ?? ""
                if next == to { return true }
                if seen.insert(next).inserted { frontier.append(next) }
            }
        }
        return false
    }

    func createEdge(_ input: Operations.CreateEdge.Input) async throws -> Operations.CreateEdge.Output {
        let key = try RequestContext.current.requireKey()
        guard case .json(let body) = input.body else { throw LocalError.validation("A JSON body is required.") }
        if let id = body.id, !Identifiers.isUUID(id) {
            throw LocalError(400, "invalid_id", "The id '\(id)' is not a UUID.")
        }
        let now = clock.now
        let (edge, status) = try await write { db -> (EdgeRecord, Int) in
            let type = try edgeType(body.edgeType, in: db)
            let source = try visibleItem(body.sourceId, by: key, in: db)
            let target = try visibleItem(body.targetId, by: key, in: db)
            try requireWrite(source.type, by: key)
            try requireEdgeWrite(type.id, by: key)
            if let id = body.id, let existing = try EdgeRecord.find(id: id.lowercased(), in: db) {
                guard existing.edgeType == type.id, existing.sourceID == source.id, existing.targetID == target.id
                else {
                    throw LocalError.conflict("conflict", "The id \(id) belongs to another edge.")
                }
                return (existing, 100)
            }
            guard source.id != target.id else {
                throw LocalError(400, "edge_cycle", "An edge cannot join an item to itself.")
            }
            if let existing = try db.first(
                "SELECT * FROM edges WHERE edge_type = ? AND source_id = ? AND target_id = ?", type.id, source.id,
                target.id)
            {
                return (try EdgeRecord(row: existing), 200)
            }
            let registry = try TypeRegistry.load(db)
            guard meets(source.type, type.sourceTypeConstraints, registry: registry),
                meets(target.type, type.targetTypeConstraints, registry: registry)
            else {
                throw LocalError(
                    400, "edge_constraint_violation",
                    "A \(type.id) edge cannot join a \(source.type) to a \(target.type).")
            }
            let cardinality = type.cardinality.rawValue
            if cardinality == "one-to-one" || cardinality == "one-to-many",
                try db.first("SELECT 1 FROM edges WHERE edge_type = ? AND target_id = ?", type.id, target.id) != nil
            {
                throw LocalError(
                    400, "edge_constraint_violation", "The item \(target.id) already has an incoming \(type.id) edge.")
            }
            if cardinality == "one-to-one" || cardinality == "many-to-one",
                try db.first("SELECT 1 FROM edges WHERE edge_type = ? AND source_id = ?", type.id, source.id) != nil
            {
                throw LocalError(
                    400, "edge_constraint_violation", "The item \(source.id) already has an outgoing \(type.id) edge.")
            }
            if Self.acyclicEdgeTypes.contains(type.id), try reaches(target.id, source.id, along: type.id, in: db) {
                throw LocalError(400, "edge_cycle", "This \(type.id) edge would close a cycle.")
            }
            var edge = EdgeRecord(
                id: body.id?.lowercased() ?? Identifiers.uuidV7(at: now), edgeType: type.id, sourceID: source.id,
                targetID: target.id, properties: body.properties ?? [:], now: now)
            try edge.insert(in: db)
            try EventLog.appendEdge("edge.created", edge: edge.json, sourceType: source.type, at: now, in: db)
            return (edge, 201)
        }
        switch status {
        case 201: return .created(edgeResponse(edge))
        case 100: return .ok(edgeResponse(edge, acknowledged: true))
        default: return .ok(edgeResponse(edge))
        }
    }

    func getEdge(_ input: Operations.GetEdge.Input) async throws -> Operations.GetEdge.Output {
        let key = try RequestContext.current.requireKey()
        let (edge, _) = try await read { db in try visibleEdge(input.path.id, by: key, in: db) }
        return .ok(edgeResponse(edge))
    }

    func updateEdge(_ input: Operations.UpdateEdge.Input) async throws -> Operations.UpdateEdge.Output {
        let key = try RequestContext.current.requireKey()
        guard case .json(let patch) = input.body else { throw LocalError.validation("A JSON body is required.") }
        guard let version = patch.version else {
            throw LocalError(
                400, "missing_required_field", "The field 'version' is required.", details: ["field": "version"])
        }
        let now = clock.now
        let edge = try await write { db -> EdgeRecord in
            var (edge, source) = try visibleEdge(input.path.id, by: key, in: db)
            try requireWrite(source.type, by: key)
            try requireEdgeWrite(edge.edgeType, by: key)
            guard version == edge.version else {
                throw LocalError.versionConflict("edge", at: edge.version, not: version, current: edge.json)
            }
            for (name, value) in patch.properties {
                if value == .null { edge.properties[name] = nil } else { edge.properties[name] = value }
            }
            edge.version += 1
            edge.updatedAt = now
            try edge.update(in: db)
            try EventLog.appendEdge("edge.updated", edge: edge.json, sourceType: source.type, at: now, in: db)
            return edge
        }
        return .ok(edgeResponse(edge))
    }

    func deleteEdge(_ input: Operations.DeleteEdge.Input) async throws -> Operations.DeleteEdge.Output {
        let key = try RequestContext.current.requireKey()
        let now = clock.now
        try await write { db in
            let (edge, source) = try visibleEdge(input.path.id, by: key, in: db)
            try requireWrite(source.type, by: key)
            try requireEdgeWrite(edge.edgeType, by: key)
            try edge.delete(in: db)
            try EventLog.appendEdge("edge.deleted", edge: edge.json, sourceType: source.type, at: now, in: db)
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(ok: true))))
    }

    // MARK: Lists

    /// A page size in 1...500, 50 when absent.
    static func edgePageLimit(_ value: Int?) throws -> Int {
        guard let value else { return 50 }
        guard (1...500).contains(value) else { throw LocalError.validation("limit must be between 1 and 500.") }
        return value
    }

    /// One page of edges matching `condition`, after `cursor`, leaving out edges `key` cannot read
    /// (`mayRead`); with `itemID`, first checks (in the same snapshot) that `key` sees that item.
    private func edgePage(
        where condition: String, _ values: [SQLiteValue], cursor: String?, limit: Int?, key: KeyRecord,
        itemID: String? = nil
    ) async throws -> Components.Responses.EdgePage {
        let (page, hasMore) = try await read { db -> ([EdgeRecord], Bool) in
            if let itemID { _ = try visibleItem(itemID, by: key, in: db) }
            return try Self.scanEdges(
                where: condition, values, after: try cursor.map(Paging.sequence) ?? 0,
                limit: try Self.edgePageLimit(limit),
                key: key, in: db)
        }
        let next = hasMore ? page.last.map { Paging.cursor($0.seq) } : nil
        return .init(
            headers: .init(xMarfaContract: Self.contract),
            body: .json(.init(data: page.map(\.wire), cursor: next, hasMore: hasMore)))
    }

    /// Up to `limit` edges `key` may read matching `condition` with `seq` above `after`, and
    /// whether more follow.
    private static func scanEdges(
        where condition: String, _ values: [SQLiteValue], after start: Int64, limit: Int, key: KeyRecord,
        in db: SQLiteConnection
    ) throws -> ([EdgeRecord], Bool) {
        var after = start
        var page: [EdgeRecord] = []
        while true {
            let rows = try db.query(
                """
                SELECT edges.*, items.type AS source_type, targets.type AS target_type FROM edges
                JOIN items ON items.id = edges.source_id LEFT JOIN items AS targets ON targets.id = edges.target_id
                WHERE \(condition) AND edges.seq > ? ORDER BY edges.seq LIMIT ?
                """, values: values + [.integer(after), .integer(Int64(limit + 1))])
            for row in rows {
                if page.count == limit { return (page, true) }
                let edge = try EdgeRecord(row: row)
                after = edge.seq
                if mayRead(
                    edgeType: edge.edgeType, sourceType: row.string("source_type") ?? "",
                    targetType: row.string("target_type"),
                    by: key)
                {
                    page.append(edge)
                }
            }
            if rows.count <= limit { return (page, false) }
        }
    }

    func listEdges(_ input: Operations.ListEdges.Input) async throws -> Operations.ListEdges.Output {
        let key = try RequestContext.current.requireKey()
        var conditions = ["1 = 1"]
        var values: [SQLiteValue] = []
        if let list = input.query.edgeType {
            let types = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard (1...10).contains(types.count) else {
                throw LocalError.validation("edge_type takes 1 to 10 entries.")
            }
            conditions.append("edges.edge_type IN (\(types.map { _ in "?" }.joined(separator: ", ")))")
            values += types.map(SQLiteValue.text)
        }
        if let after = input.query.updatedAfter {
            guard let date = ISO8601.date(from: after) else {
                throw LocalError.validation("updated_after is not a date-time.")
            }
            conditions.append("edges.updated_at >= ?")
            values.append(.real(date.stored))
        }
        return .ok(
            try await edgePage(
                where: conditions.joined(separator: " AND "), values, cursor: input.query.cursor,
                limit: input.query.limit, key: key))
    }

    /// The edges leaving (`outgoing`) or reaching item `id`, optionally of one type.
    private func itemEdges(
        _ id: String, outgoing: Bool, edgeType: String?, cursor: String?, limit: Int?
    ) async throws -> Components.Responses.EdgePage {
        let key = try RequestContext.current.requireKey()
        var condition = outgoing ? "edges.source_id = ?" : "edges.target_id = ?"
        var values: [SQLiteValue] = [.text(id)]
        if let edgeType {
            condition += " AND edges.edge_type = ?"
            values.append(.text(edgeType))
        }
        return try await edgePage(where: condition, values, cursor: cursor, limit: limit, key: key, itemID: id)
    }

    func listItemEdges(_ input: Operations.ListItemEdges.Input) async throws -> Operations.ListItemEdges.Output {
        .ok(
            try await itemEdges(
                input.path.id, outgoing: true, edgeType: input.query.edgeType, cursor: input.query.cursor,
                limit: input.query.limit))
    }

    func listItemBackrefs(_ input: Operations.ListItemBackrefs.Input) async throws -> Operations.ListItemBackrefs.Output
    {
        .ok(
            try await itemEdges(
                input.path.id, outgoing: false, edgeType: input.query.edgeType, cursor: input.query.cursor,
                limit: input.query.limit))
    }
}
