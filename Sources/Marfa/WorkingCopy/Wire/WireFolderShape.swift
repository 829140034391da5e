import Foundation

/// A folder as the folder doors write and answer it, read tolerantly: every member is optional,
/// members this build doesn't know are passed over, and an answer is `{folder}` or the folder.
struct FolderWireShape: Codable, Sendable {
    struct Search: Codable, Sendable {
        var types: [String]?
        var tier: String?
        var state: [String]?
        var filter: String?
        var beneath: String?
    }

    struct Defaults: Codable, Sendable {
        var type: String?
        var tier: String?
        var properties: JSONObject?
        var tags: [String]?
        var edges: [String: [String]]?
    }

    struct Threshold: Codable, Sendable {
        var files: UInt64?
        var fraction: Double?
    }

    var id: String?
    var version: Int64?
    var state: String?
    var title: String?
    var search: Search?
    var defaults: Defaults?
    var include: [String]?
    var ignore: [String]?
    var firstPlacement: [String: String]?
    var removalThreshold: Threshold?

    enum CodingKeys: String, CodingKey {
        case id, version, state, title, search, defaults, include, ignore
        case firstPlacement = "first_placement"
        case removalThreshold = "removal_threshold"
    }
}

extension FolderWireShape {
    /// The whole settings, as a create sends them.
    init(_ settings: FolderSettings) {
        self.init(
            title: settings.title, search: Search(settings.search), defaults: Defaults(settings.defaults),
            include: settings.include, ignore: settings.ignore, firstPlacement: settings.firstPlacement,
            removalThreshold: Threshold(settings.removalThreshold))
    }

    /// Only the settings `change` names, based on `version`.
    init(_ change: FolderSettingsChange, version: Int64) {
        self.init(
            version: version, title: change.title, search: change.search.map(Search.init),
            defaults: change.defaults.map(Defaults.init), include: change.include, ignore: change.ignore,
            firstPlacement: change.firstPlacement, removalThreshold: change.removalThreshold.map(Threshold.init))
    }

    /// The folder this shape describes; `invalid` without an id, a version or a state the copy
    /// knows how to follow.
    func folder() throws(MarfaError) -> Folder {
        guard let id, let version else {
            throw .decoding(message: "The server's folder answer names no id or version.")
        }
        let state = state.flatMap(ItemState.init(rawValue:)) ?? .active
        return Folder(id: id, version: version, state: state, settings: try settings(of: id))
    }

    private func settings(of id: String) throws(MarfaError) -> FolderSettings {
        var states: [ItemState]?
        if let named = search?.state {
            states = []
            for name in named {
                guard let state = ItemState(rawValue: name) else {
                    throw .invalid(message: "The folder \(id)'s search names the state \(name), which no folder holds.")
                }
                states?.append(state)
            }
        }
        let search = FolderSearch(
            types: search?.types ?? [], tier: search?.tier.flatMap(Tier.init(rawValue:)), states: states,
            filter: search?.filter, beneath: search?.beneath)
        let defaults = FolderDefaults(
            type: defaults?.type, tier: defaults?.tier.flatMap(Tier.init(rawValue:)),
            properties: defaults?.properties ?? [:], tags: defaults?.tags ?? [], edges: defaults?.edges ?? [:])
        return FolderSettings(
            title: title, search: search, defaults: defaults, include: include ?? [], ignore: ignore ?? [],
            firstPlacement: firstPlacement ?? [:],
            removalThreshold: RemovalThreshold(files: removalThreshold?.files, fraction: removalThreshold?.fraction))
    }

    /// The shape as a request body.
    func json() throws(MarfaError) -> JSONValue {
        do {
            return try JSONCoding.decode(JSONValue.self, from: try JSONCoding.makeEncoder().encode(self))
        } catch {
            throw .invalid(message: "The folder's settings couldn't be written: \(error)")
        }
    }

    /// The folder a door answered: `{"folder": …}` or the folder itself.
    static func answer(_ json: JSONValue) throws(MarfaError) -> Folder {
        let text = JSONText.encode(json)
        do {
            let decoder = JSONCoding.makeDecoder()
            if let envelope = try? decoder.decode([String: FolderWireShape].self, from: Data(text.utf8)),
                let folder = envelope["folder"]
            {
                return try folder.folder()
            }
            return try decoder.decode(FolderWireShape.self, from: Data(text.utf8)).folder()
        } catch let error as MarfaError {
            throw error
        } catch {
            throw .decoding(message: "The server's folder answer couldn't be read: \(error)")
        }
    }
}

extension FolderWireShape.Search {
    init(_ search: FolderSearch) {
        self.init(
            types: search.types, tier: search.tier?.rawValue, state: search.states?.map(\.rawValue),
            filter: search.filter, beneath: search.beneath)
    }
}

extension FolderWireShape.Defaults {
    init(_ defaults: FolderDefaults) {
        self.init(
            type: defaults.type, tier: defaults.tier?.rawValue, properties: defaults.properties, tags: defaults.tags,
            edges: defaults.edges)
    }
}

extension FolderWireShape.Threshold {
    init(_ threshold: RemovalThreshold) { self.init(files: threshold.files, fraction: threshold.fraction) }
}
