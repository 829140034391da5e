import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The registered types as stored, and what they resolve to along their parents.
struct TypeRegistry {
    typealias Definition = Components.Schemas.TypeDefinitionInput

    struct Entry {
        var definition: Definition
        var builtin: Bool
        var ownerIcon: String?
    }

    var entries: [String: Entry] {
        didSet { resolvedTypes = [:] }
    }

    /// Each type that resolves, resolved once when the registry is read (a create resolves its
    /// type twice, and the registry is read once per change of the types); dropped by any change
    /// to `entries`.
    private var resolvedTypes: [String: Components.Schemas.ItemType] = [:]

    init(entries: [String: Entry]) {
        self.entries = entries
    }

    /// Stored definitions decoded, by their text: a write reads the registry, and decoding every
    /// definition each time was most of an item create's work.
    static let decodedDefinitions = DecodedTextMemo<Definition>(capacity: 1024)

    /// Every registered type.
    static func load(_ db: SQLiteConnection) throws -> TypeRegistry {
        guard let token = try db.fetchValue(String.self, "SELECT value FROM meta WHERE name = ?", changeToken) else {
            return try read(db)
        }
        return try loaded.value(of: token) { _ in try read(db) }
    }

    /// Registries read, by the change token their `item_types` had: a token is drawn at random
    /// anew by every change (`tokenMigrationSQL`), so one seen before names the same rows, in any
    /// store, and a change rolled back leaves a token that never comes again.
    private static let loaded = DecodedTextMemo<TypeRegistry>(capacity: 64)

    /// The `meta` row holding the change token of `item_types`.
    static let changeToken = "item_types_token"

    /// Schema version 11: a change token for `item_types`, drawn anew by every insert, update and
    /// delete, so a write reads the registry once per change instead of once per write.
    static var tokenMigrationSQL: String {
        let token = "lower(hex(randomblob(16)))"
        let draw = "UPDATE meta SET value = \(token) WHERE name = '\(changeToken)';"
        return [
            """
            INSERT INTO meta (name, value) VALUES ('\(changeToken)', \(token))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """,
            "CREATE TRIGGER IF NOT EXISTS item_types_token_ai AFTER INSERT ON item_types BEGIN \(draw) END",
            "CREATE TRIGGER IF NOT EXISTS item_types_token_au AFTER UPDATE ON item_types BEGIN \(draw) END",
            "CREATE TRIGGER IF NOT EXISTS item_types_token_ad AFTER DELETE ON item_types BEGIN \(draw) END",
        ].joined(separator: ";\n")
    }

    /// Every registered type, read from `item_types`.
    private static func read(_ db: SQLiteConnection) throws -> TypeRegistry {
        var entries: [String: Entry] = [:]
        for row in try db.query("SELECT * FROM item_types") {
            let definition = try decodedDefinitions.value(of: row.string("definition")) {
                try StoredJSON.decode(Definition.self, $0)
            }
            entries[definition.id] = Entry(
                definition: definition, builtin: row.bool("builtin") ?? false, ownerIcon: row.string("owner_icon"))
        }
        var registry = TypeRegistry(entries: entries)
        for id in entries.keys { registry.resolvedTypes[id] = try? registry.resolving(id) }
        return registry
    }

    func contains(_ id: String) -> Bool { entries[id] != nil }

    /// `id` and its ancestors, nearest first; `409 type_chain_unresolvable` for a loop or a lost parent.
    func chain(_ id: String) throws -> [Entry] {
        var result: [Entry] = []
        var seen: Set<String> = []
        var next: String? = id
        while let current = next {
            guard seen.insert(current).inserted, let entry = entries[current] else {
                throw LocalError.conflict("type_chain_unresolvable", "The parents of \(id) cannot be resolved.")
            }
            result.append(entry)
            next = entry.definition.parent
        }
        return result
    }

    /// The types whose parent is `id`.
    func subtypes(of id: String) -> [String] {
        entries.values.filter { $0.definition.parent == id }.map(\.definition.id).sorted()
    }

    /// `id` and every type beneath it.
    func descendants(of id: String) -> Set<String> {
        var result: Set<String> = [id]
        var frontier = [id]
        while let current = frontier.popLast() {
            for child in subtypes(of: current) where result.insert(child).inserted { frontier.append(child) }
        }
        return result
    }

    /// The type with inheritance resolved: fields of the parents first, policies and hints from
    /// the nearest type that sets them, the icon the owner chose for the nearest type, else the
    /// nearest author's.
    func resolved(_ id: String) throws -> Components.Schemas.ItemType {
        if let type = resolvedTypes[id] { return type }
        return try resolving(id)
    }

    private func resolving(_ id: String) throws -> Components.Schemas.ItemType {
        let chain = try chain(id)
        let own = chain[0].definition
        var fields: [String: Components.Schemas.FieldDefinition] = [:]
        for entry in chain.reversed() {
            fields.merge(entry.definition.fields.additionalProperties) { _, child in child }
        }
        let icon = chain.lazy.compactMap(\.ownerIcon).first ?? chain.lazy.compactMap { $0.definition.icon?.value }.first
        return Components.Schemas.ItemType(
            id: own.id, label: own.label ?? Self.label(for: own.id), description: own.description, parent: own.parent,
            compatibleWith: own.compatibleWith, roles: own.roles?.map { .init(rawValue: $0.rawValue) },
            fields: .init(additionalProperties: fields), version: own.version ?? 1,
            displayHints: chain.lazy.compactMap(\.definition.displayHints).first,
            versionPolicy: chain.lazy.compactMap(\.definition.versionPolicy).first,
            mergePolicy: chain.lazy.compactMap(\.definition.mergePolicy).first,
            linkField: chain.lazy.compactMap(\.definition.linkField).first, icon: icon.map { .value($0) } ?? .null)
    }

    /// A label from an identifier: its last segment, words capitalized.
    static func label(for id: String) -> String {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        return last.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

/// The checks a type definition passes before it is registered or replaces another.
enum TypeValidation {
    static let reservedRoots: Set<String> = ["core", "system", "marfa"]
    /// Item fields a property may not be named after.
    static let itemFields: Set<String> = [
        "id", "type", "state", "tier", "version", "schema_version", "source", "source_id", "timestamp", "created_at",
        "updated_at", "tags", "edges", "metadata", "extensions", "device", "orphaned", "space_id",
    ]

    /// Whether `id` is two or more lowercase dotted segments of `[a-z0-9_-]`, at most 128 characters.
    static func isWellFormed(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 128 else { return false }
        let segments = id.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty
                && segment.utf8.allSatisfy {
                    (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5f || $0 == 0x2d
                }
        }
    }

    /// `400 validation_error` for a malformed identifier.
    ///
    /// The public server names app types `app.<app>.<type>`; the user's documents also use
    /// `app.<type>` (`app.deal`), so this instance takes both.
    static func checkGrammar(_ id: String) throws {
        guard isWellFormed(id) else {
            throw LocalError.validation(
                "'\(id)' is not a type identifier: two or more lowercase dotted segments of a-z, 0-9, _ and -, at most 128 characters.",
                details: [
                    "errors": .array([.object(["path": .string("id"), "message": .string("invalid identifier")])])
                ])
        }
    }

    /// `403 forbidden` for the reserved roots.
    static func checkNamespace(_ id: String) throws {
        let root = String(id.prefix { $0 != "." })
        if reservedRoots.contains(root) {
            throw LocalError.forbidden("The namespace '\(root)' is reserved.", details: ["namespace": .string(root)])
        }
    }

    static func invalidSchema(_ message: String, path: String) -> LocalError {
        LocalError(
            400, "invalid_schema", message,
            details: ["errors": .array([.object(["path": .string(path), "message": .string(message)])])])
    }

    /// Runs every check on `definition` against `registry` (which already holds it when replacing)
    /// and answers the registry with it in place.
    static func check(
        _ definition: TypeRegistry.Definition, in registry: TypeRegistry, ownerIcon: String? = nil
    ) throws -> TypeRegistry {
        let id = definition.id
        for (name, field) in definition.fields.additionalProperties {
            guard let first = name.utf8.first, (0x61...0x7a).contains(first) || first == 0x5f, name.utf8.count <= 64,
                name.utf8.allSatisfy({ (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5f })
            else {
                throw invalidSchema(
                    "The field name '\(name)' must be lowercase letters, digits and _.", path: "fields.\(name)")
            }
            if itemFields.contains(name) {
                throw LocalError(
                    400, "property_shadows_field", "The field '\(name)' would shadow the item's own field.",
                    details: ["field": .string(name)])
            }
            if case .unknown(let kind) = field._type {
                throw invalidSchema("The field '\(name)' has the unknown kind '\(kind)'.", path: "fields.\(name).type")
            }
            if field._type == ._enum, (field.enumValues ?? []).isEmpty {
                throw invalidSchema("The enum field '\(name)' needs enum_values.", path: "fields.\(name).enum_values")
            }
        }
        if let parent = definition.parent {
            guard registry.contains(parent) else {
                throw LocalError(
                    400, "unknown_type", "The parent type '\(parent)' is not registered.",
                    details: ["type": .string(parent)])
            }
            if parent == id || (try? registry.chain(parent))?.contains(where: { $0.definition.id == id }) == true {
                throw LocalError(400, "inheritance_violation", "A type cannot inherit from itself.")
            }
        }
        var next = registry
        next.entries[id] = TypeRegistry.Entry(
            definition: definition, builtin: false, ownerIcon: ownerIcon ?? registry.entries[id]?.ownerIcon)
        // Inherited fields may be repeated unchanged, never reshaped; checked from the parent's side too.
        for typeID in next.descendants(of: id) {
            let chain = try next.chain(typeID)
            var inherited: [String: Components.Schemas.FieldDefinition] = [:]
            for entry in chain.reversed() {
                for (name, field) in entry.definition.fields.additionalProperties {
                    if let earlier = inherited[name], earlier != field {
                        throw LocalError(
                            400, "inheritance_violation",
                            "The field '\(name)' of \(entry.definition.id) changes the shape it inherits.",
                            details: ["field": .string(name)])
                    }
                    inherited[name] = field
                }
            }
        }
        let resolved = try next.resolved(id)
        let fields = resolved.fields.additionalProperties
        for (hint, name) in [
            ("title_field", resolved.displayHints?.titleField), ("body_field", resolved.displayHints?.bodyField),
        ] {
            if let name, fields[name] == nil {
                throw invalidSchema(
                    "display_hints.\(hint) names '\(name)', which is not a field.", path: "display_hints.\(hint)")
            }
        }
        if let link = definition.linkField, fields[link]?._type != .string {
            throw invalidSchema("link_field must name a string field.", path: "link_field")
        }
        if let icon = definition.icon?.value { try IconAllowList.check(icon) }
        return next
    }
}
