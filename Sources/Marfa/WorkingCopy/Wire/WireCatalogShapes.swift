/// The catalog, the views and the key's reach as servers send them: type rows as small as
/// `{id, display_hints: {title_field}}`, edge types with only an id, views without their times,
/// and a key record holding only `type_permissions`.
extension WireShapes {
    /// A type: only `id` required; fields that can't be read are left out.
    static func itemType(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let id = try required(json, "id", of: "type", as: \.string)
        var fields: JSONObject = [:]
        for (name, field) in json["fields"]?.object ?? [:] {
            if let readable = ifReadable(field, as: Components.Schemas.FieldDefinition.self) { fields[name] = readable }
        }
        var type: JSONObject = [
            "id": .string(id), "fields": .object(fields), "version": .int(integer(json["version"]) ?? 1),
        ]
        for key in ["label", "description", "parent", "link_field", "icon"] {
            if let text = json[key]?.string { type[key] = .string(text) }
        }
        if let names = json["compatible_with"]?.array {
            type["compatible_with"] = .array(names.filter { $0.string != nil })
        }
        if let roles = json["roles"]?.array { type["roles"] = .array(roles.filter { $0.string == "container" }) }
        if let hints = ifReadable(json["display_hints"], as: Components.Schemas.DisplayHints.self) {
            type["display_hints"] = hints
        }
        return .object(type)
    }

    /// An edge type: only `id` required; a missing or unknown cardinality is many-to-many, a
    /// missing cascade `orphan`.
    static func edgeType(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let id = try required(json, "id", of: "edge type", as: \.string)
        let cardinalities: Set<String> = ["one-to-one", "one-to-many", "many-to-one", "many-to-many"]
        let cascades: Set<String> = ["cascade", "orphan", "block"]
        var type: JSONObject = [
            "id": .string(id),
            "cardinality": .string(
                json["cardinality"]?.string.flatMap { cardinalities.contains($0) ? $0 : nil } ?? "many-to-many"),
            "source_type_constraints": .array(
                (json["source_type_constraints"]?.array ?? []).filter { $0.string != nil }),
            "target_type_constraints": .array(
                (json["target_type_constraints"]?.array ?? []).filter { $0.string != nil }),
            "cascade_on_delete": .string(
                json["cascade_on_delete"]?.string.flatMap { cascades.contains($0) ? $0 : nil } ?? "orphan"),
            "property_schema": .object(json["property_schema"]?.object ?? [:]),
        ]
        for key in ["label", "description"] {
            if let text = json[key]?.string { type[key] = .string(text) }
        }
        return .object(type)
    }

    /// A view: `id`, `version` and `name` required; the search, sort and times defaulted.
    static func view(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let id = try required(json, "id", of: "view", as: \.string)
        let created = date(json["created_at"]) ?? epoch
        var view: JSONObject = [
            "id": .string(id), "version": .int(try requiredInteger(json, "version", of: "view \(id)")),
            "name": .string(try required(json, "name", of: "view \(id)", as: \.string)),
            "search": ifReadable(json["search"], as: Components.Schemas.SavedSearch.self) ?? .object([:]),
            "created_at": .string(created), "updated_at": .string(date(json["updated_at"]) ?? created),
        ]
        if let sort = ifReadable(json["sort"], as: Components.Schemas.ViewSort.self) { view["sort"] = sort }
        if let group = json["group_by"]?.string { view["group_by"] = .string(group) }
        return .object(view)
    }

    /// A view answer: `{view}` or the view itself.
    static func viewAnswer(_ json: JSONValue) throws(MarfaError) -> Components.Schemas.View {
        try decode(
            Components.Schemas.View.self, from: try view(json["view"]?.object != nil ? json["view"]! : json),
            what: "view")
    }
}

/// What a key may read, from its record: its role (nil when the server names none) and its type
/// permissions (none when absent).
struct KeyReach: Sendable {
    var role: String?
    var typePermissions: [String: String]

    init(_ json: JSONValue) {
        let record = json["key"]?.object != nil ? json["key"]! : json
        role = record["role"]?.string
        typePermissions = (record["type_permissions"]?.object ?? [:]).compactMapValues(\.string)
    }
}

extension CatalogEdgeType {
    /// `wire`, with the other fields read from the row it came in.
    init(_ wire: Components.Schemas.EdgeType, row: JSONValue) {
        self.init(
            wire: wire, reverseName: row["reverse_name"]?.string,
            writtenAt: row["written_at"]?.string.flatMap(EdgeEnd.init(rawValue:)) ?? .source,
            shipped: row["shipped"]?.bool ?? Self.shippedNames.contains(wire.id))
    }
}
