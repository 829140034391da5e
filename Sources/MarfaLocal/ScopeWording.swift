import Foundation

/// What a scope lets an app do, said in words for the consent pages: "Read your notes" for
/// `core.note:read`, with the type's label from the catalog; "Manage the instance's settings" for
/// `config.manage`.
struct ScopeWording {
    /// Item type labels by type ID, as the catalog holds them (`core.note` → `Note`).
    var labels: [String: String]

    /// The sentence for `scope`, starting with a capital and without a full stop.
    func sentence(for scope: String) -> String {
        if let permission = Self.permissions[scope] { return permission }
        if let oidc = Self.oidc[scope] { return oidc }
        guard let colon = scope.lastIndex(of: ":") else { return "Use “\(scope)”" }
        let name = String(scope[..<colon])
        let writes = scope[scope.index(after: colon)...] == "write"
        if name == "metadata" {
            return writes ? "Change the tags and metadata of your items" : "Read the tags and metadata of your items"
        }
        if name.hasPrefix("metadata.") {
            let family = name.dropFirst("metadata.".count)
            return writes
                ? "Change the “\(family)” metadata of your items" : "Read the “\(family)” metadata of your items"
        }
        if name.hasPrefix("edge.") {
            let edge = String(name.dropFirst("edge.".count))
            let links = edge == "*" ? "the links between your items" : "your “\(edge)” links between items"
            return writes ? "Make and remove \(links)" : "Read \(links)"
        }
        return (writes ? "Change " : "Read ") + items(name)
    }

    /// The items a type name or wildcard covers: "your notes", "all your items, of every type",
    /// "your notes, tasks, bookmarks, events, files, images, audio files and videos" for `core.*`.
    func items(_ name: String) -> String {
        if name == "*" { return "all your items, of every type" }
        if name.hasSuffix(".*") {
            let namespace = String(name.dropLast(2))
            let covered = labels.keys.filter { $0.hasPrefix(namespace + ".") }.sorted { order($0) < order($1) }
            guard !covered.isEmpty else { return "your items of every type under “\(namespace)”" }
            return "your " + Self.list(covered.map { plural(of: $0) })
        }
        guard labels[name] != nil else { return "your items of type “\(name)”" }
        return "your " + plural(of: name)
    }

    /// The catalog's label of `typeID` in the plural, in lower case unless it is an acronym.
    func plural(of typeID: String) -> String {
        let label = labels[typeID].flatMap { $0.isEmpty ? nil : $0 } ?? typeID
        let startsWithAcronym = label.prefix(2).allSatisfy(\.isUppercase) && label.count > 1
        let lowered = startsWithAcronym ? label : label.prefix(1).lowercased() + label.dropFirst()
        return Self.pluralized(lowered)
    }

    /// The shipped types first in their catalog order, then the others by ID.
    private func order(_ typeID: String) -> String {
        let shipped = TypeCatalog.builtins.map(\.id)
        if let index = shipped.firstIndex(of: typeID) { return "0\(index)" }
        return "1" + typeID
    }

    /// English plural of a noun phrase's last word: "category" → "categories", "box" → "boxes".
    static func pluralized(_ phrase: String) -> String {
        let lower = phrase.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return phrase.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return phrase + "es" }
        return phrase + "s"
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ parts: [String]) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }

    static let permissions: [String: String] = [
        "schema.write": "Add and change the kinds of items (types) this instance knows",
        "keys.mint": "Create API keys",
        "items.purge": "Delete items from the bin for good",
        "webhooks.manage": "Manage webhooks, which send your changes to other places",
        "config.manage": "Manage the instance's settings",
        "audit.read": "Read the audit log",
        "grants.manage": "See and revoke the apps you have allowed",
    ]

    static let oidc: [String: String] = [
        "openid": "Confirm that you are this instance's owner",
        "profile": "See the owner's profile",
        "email": "See the owner's email address",
        "offline_access": "Stay signed in until you revoke it",
    ]
}
