import MarfaTypes

/// Which events one follower of `GET /events` receives: item and metadata events of types the
/// key may read (narrowed by the `type` filter, each entry covering its subtypes, `x.*` a
/// prefix), and edge events whose source type the key may read, unless `edges=none`.
struct EventFilter: Sendable {
    /// Exact types named, with their subtypes at the time the stream opened; nil for every type.
    var types: Set<String>?
    /// `x.` prefixes from `x.*` entries.
    var prefixes: [String] = []
    var includesEdges = true
    let key: KeyRecord

    /// The filter for `typeList` (`type=`), refusing more than 10 entries, `*` and malformed names.
    init(typeList: String?, includesEdges: Bool, key: KeyRecord, registry: TypeRegistry) throws {
        self.key = key
        self.includesEdges = includesEdges
        guard let typeList else { return }
        let entries = typeList.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard entries.count <= 10 else { throw LocalError.validation("type takes at most 10 entries.") }
        var types: Set<String> = []
        for entry in entries {
            if entry.hasSuffix(".*"), entry.count > 2, !entry.dropLast(2).contains("*") {
                prefixes.append(String(entry.dropLast()))
            } else {
                guard !entry.contains("*") else { throw LocalError.validation("type does not take '\(entry)'.") }
                try TypeValidation.checkGrammar(entry)
                types.formUnion(registry.descendants(of: entry))
            }
        }
        self.types = types
    }

    /// Whether `entry` reaches this follower.
    func admits(_ entry: EventLog.Entry) -> Bool {
        guard let itemType = entry.itemType else { return false }
        if entry.type.hasPrefix("edge.") {
            return includesEdges && key.typeLevel(itemType) >= .read
        }
        guard key.typeLevel(itemType) >= .read else { return false }
        guard let types else { return true }
        return types.contains(itemType) || prefixes.contains { itemType.hasPrefix($0) }
    }
}
