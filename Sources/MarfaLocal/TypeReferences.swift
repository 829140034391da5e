import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// The folders, views and webhooks that name an item type, and their rewriting by a type move.
///
/// A setting names a type where it holds the type's ID as a value:
/// - a folder's or view's `search.types`, a folder's `defaults.type` and its `first_placement` keys, a
///   webhook's `type_filter`: a move rewrites these to the new type;
/// - a folder's or view's `search.filter` that mentions the ID in its text (`type = app.deal`,
///   `properties.kind = "app.deal"`): a move cannot tell what the expression means, so it cannot
///   rewrite it, and such a setting blocks the move (`type_move_blocked`).
enum TypeReferences {
    typealias Setting = Components.Schemas.TypeSetting

    /// Every setting that names `type`, folders first, then views, then webhooks.
    static func settings(naming type: String, in db: SQLiteConnection) throws -> [Setting] {
        var found: [Setting] = []
        for folder in try SettingStore.all(.folder, as: Components.Schemas.Folder.self, in: db) {
            let named =
                folder.search.types?.contains(type) == true || folder.defaults?._type == type
                || folder.firstPlacement?.additionalProperties[type] != nil
            if let setting = setting(
                .folder, id: folder.id, name: folder.title ?? folder.id, named: named, filter: folder.search.filter,
                type: type)
            {
                found.append(setting)
            }
        }
        for view in try SettingStore.all(.view, as: Components.Schemas.View.self, in: db) {
            let named = view.search.types?.contains(type) == true
            if let setting = setting(
                .view, id: view.id, name: view.name, named: named, filter: view.search.filter, type: type)
            {
                found.append(setting)
            }
        }
        for webhook in try SettingStore.all(.webhook, as: Components.Schemas.Webhook.self, in: db) {
            if case .value(let filter)? = webhook.typeFilter, filter == type {
                found.append(
                    Setting(kind: "webhook", id: webhook.id, name: .value(webhook.url), rewritable: true, reason: .null)
                )
            }
        }
        return found
    }

    private static func setting(
        _ kind: SettingStore.Kind, id: String, name: String, named: Bool, filter: String?, type: String
    ) -> Setting? {
        if let filter, mentions(filter, type) {
            return Setting(
                kind: kind.rawValue, id: id, name: .value(name), rewritable: false,
                reason: .value("Its filter expression mentions \(type) in its text, which a move cannot rewrite."))
        }
        guard named else { return nil }
        return Setting(kind: kind.rawValue, id: id, name: .value(name), rewritable: true, reason: .null)
    }

    /// Whether `text` holds `type` as a whole word (not as part of a longer identifier).
    static func mentions(_ text: String, _ type: String) -> Bool {
        let wordCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-*"))
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: type, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWord: (Character?) -> Bool = { character in
                guard let character else { return false }
                return character.unicodeScalars.allSatisfy { wordCharacters.contains($0) }
            }
            // A trailing '.' ends a sentence unless an identifier character follows it.
            var afterIsWord = isWord(after)
            if after == ".", found.upperBound < text.endIndex {
                let next = text.index(after: found.upperBound)
                afterIsWord = next < text.endIndex && isWord(text[next])
            }
            if !isWord(before) && !afterIsWord { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    /// How the settings appear at the end of a `type_in_use` message: `folder "Deals" (id)`.
    static func describe(_ setting: Setting) -> String {
        let name: String
        if case .value(let value)? = setting.name { name = " \"\(value)\"" } else { name = "" }
        return "\(setting.kind)\(name) (\(setting.id))"
    }

    /// `settings` as the `details.settings` array of a refusal.
    static func details(_ settings: [Setting]) -> OpenAPIValue {
        .array(
            settings.map { setting in
                var object: OpenAPIObject = [
                    "kind": .string(setting.kind), "id": .string(setting.id), "rewritable": .bool(setting.rewritable),
                ]
                if case .value(let name)? = setting.name { object["name"] = .string(name) }
                if case .value(let reason)? = setting.reason { object["reason"] = .string(reason) }
                return .object(object)
            })
    }

    /// Rewrites every rewritable mention of `from` to `to`, stamping the settings `now`; answers
    /// how many settings changed.
    @discardableResult
    static func rewrite(from: String, to: String, at now: Date, in db: SQLiteConnection) throws -> Int {
        var changed = 0
        func replaced(_ types: [String]?) -> [String]? {
            guard let types, types.contains(from) else { return types }
            var seen: Set<String> = []
            return types.map { $0 == from ? to : $0 }.filter { seen.insert($0).inserted }
        }
        for var folder in try SettingStore.all(.folder, as: Components.Schemas.Folder.self, in: db) {
            let before = folder
            folder.search.types = replaced(folder.search.types)
            if folder.defaults?._type == from { folder.defaults?._type = to }
            if var placement = folder.firstPlacement?.additionalProperties,
                let path = placement.removeValue(forKey: from)
            {
                placement[to] = placement[to] ?? path
                folder.firstPlacement = .init(additionalProperties: placement)
            }
            guard folder != before else { continue }
            folder.version += 1
            folder.updatedAt = now
            try SettingStore.save(.folder, id: folder.id, folder, at: now, in: db)
            changed += 1
        }
        for var view in try SettingStore.all(.view, as: Components.Schemas.View.self, in: db) {
            let before = view
            view.search.types = replaced(view.search.types)
            guard view != before else { continue }
            view.version += 1
            view.updatedAt = now
            try SettingStore.save(.view, id: view.id, view, at: now, in: db)
            changed += 1
        }
        for var webhook in try SettingStore.all(.webhook, as: Components.Schemas.Webhook.self, in: db) {
            guard case .value(let filter)? = webhook.typeFilter, filter == from else { continue }
            webhook.typeFilter = .value(to)
            webhook.updatedAt = now
            try SettingStore.save(.webhook, id: webhook.id, webhook, at: now, in: db)
            changed += 1
        }
        return changed
    }
}
