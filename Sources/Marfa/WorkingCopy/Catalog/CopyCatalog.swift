/// The item and edge types a copy knows, with what reads need from them: a type's subtree, and
/// an item's title and body from the display hints. Shared by every engine.
package struct CopyCatalog: Sendable, Hashable {
    /// Item types by id, fields inherited.
    package var itemTypes: [String: ItemType]
    /// Edge types by id.
    package var edgeTypes: [String: EdgeType]

    package static let empty = CopyCatalog(itemTypes: [:], edgeTypes: [:])

    /// Types whose fields are inherited along `parent`, from `own` (each type's own fields).
    package init(ownItemTypes own: [ItemType], edgeTypes: [EdgeType]) {
        var byID: [String: ItemType] = [:]
        for type in own { byID[type.id] = type }
        var resolved: [String: ItemType] = [:]
        for type in own { resolved[type.id] = Self.inherit(type, from: byID) }
        self.init(itemTypes: resolved, edgeTypes: Dictionary(edgeTypes.map { ($0.id, $0) }, uniquingKeysWith: { $1 }))
    }

    package init(itemTypes: [String: ItemType], edgeTypes: [String: EdgeType]) {
        self.itemTypes = itemTypes
        self.edgeTypes = edgeTypes
    }

    package var isEmpty: Bool { itemTypes.isEmpty && edgeTypes.isEmpty }

    /// `type` with the fields of its parents it does not declare itself, nearest first.
    private static func inherit(_ type: ItemType, from byID: [String: ItemType]) -> ItemType {
        var result = type
        var names = Set(type.fields.map(\.name))
        var seen: Set<String> = [type.id]
        var parentID = type.parent
        while let id = parentID, !seen.contains(id), let parent = byID[id] {
            seen.insert(id)
            for field in parent.fields where !names.contains(field.name) {
                names.insert(field.name)
                result.fields.append(field)
            }
            if result.titleField == nil { result.titleField = parent.titleField }
            if result.bodyField == nil { result.bodyField = parent.bodyField }
            parentID = parent.parent
        }
        result.fields.sort { $0.name < $1.name }
        return result
    }

    /// Whether `type` is `ancestor` or beneath it. A pattern such as `core.*` holds every type
    /// whose id starts with `core.`.
    package func type(_ type: String, isWithin ancestor: String) -> Bool {
        if ancestor.hasSuffix(".*") { return type.hasPrefix(String(ancestor.dropLast())) }
        var seen: Set<String> = []
        var current: String? = type
        while let id = current, seen.insert(id).inserted {
            if id == ancestor { return true }
            current = itemTypes[id]?.parent
        }
        return false
    }

    /// The ids of `ancestor` and every known type beneath it.
    package func subtree(of ancestor: String) -> Set<String> {
        var ids: Set<String> = ancestor.hasSuffix(".*") ? [] : [ancestor]
        for id in itemTypes.keys where type(id, isWithin: ancestor) { ids.insert(id) }
        return ids
    }

    /// The title and body of an item of `type` with `properties`: the display hints' fields, else
    /// `title` and `body`, when they hold text.
    package func display(type: String, properties: JSONObject) -> (title: String?, body: String?) {
        let fields = displayFields(of: type)
        let title = properties[fields.title]?.string ?? properties["title"]?.string
        let body = properties[fields.body]?.string ?? properties["body"]?.string
        return (title, body)
    }

    /// The fields that hold an item's title and body for `type`: its display hints, else
    /// `title` and `body`. What the search index indexes as the title and body columns.
    package func displayFields(of type: String) -> (title: String, body: String) {
        let definition = itemTypes[type]
        return (definition?.titleField ?? "title", definition?.bodyField ?? "body")
    }
}
