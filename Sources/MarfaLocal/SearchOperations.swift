import Foundation
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// `GET /search`: a simple full-text match. The text is split into words; an item matches when
/// every word occurs, case-insensitively, in one of its string properties (nested ones included)
/// or its tags. SQLite `LIKE` narrows the rows first; the score is the number of occurrences, a
/// word in the type's title field counting three times, ties broken newest first. The listing's
/// filters apply (`type` with subtypes, `state`, `tier`, `tags`, `timestamp_after/before`,
/// `include=system`); trashed items are never found; `filter` expressions are refused (`400`).
extension LocalAPI {
    func searchItems(_ input: Operations.SearchItems.Input) async throws -> Operations.SearchItems.Output {
        let key = try RequestContext.current.requireKey()
        let query = input.query
        let words = query.q.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw LocalError.validation("q needs at least one word.") }
        guard query.filter == nil else { throw LocalError.validation("The local instance does not take filter expressions.") }
        let limit = query.limit ?? 20
        let offset = query.offset ?? 0
        guard (1...100).contains(limit), (0...10_000).contains(offset) else {
            throw LocalError.validation("limit is 1 to 100 and offset 0 to 10000.")
        }
        let wantedTags = (query.tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let results = try await read { db -> [Components.Schemas.SearchResult] in
            let registry = try TypeRegistry.load(db)
            var conditions = ["state <> 'trashed'"]
            var values: [any SQLiteBindable] = []
            if let type = query._type {
                let types = registry.descendants(of: type)
                conditions.append("type IN (\(types.map { _ in "?" }.joined(separator: ", ")))")
                values += Array(types)
            } else if query.include?.contains("system") != true {
                conditions.append("type NOT LIKE 'system.%'")
            }
            if let state = query.state?.rawValue {
                conditions.append("state = ?")
                values.append(state)
            }
            if let tier = query.tier?.rawValue, tier != "all" {
                conditions.append("tier = ?")
                values.append(tier)
            }
            for (bound, op) in [(query.timestampAfter, ">="), (query.timestampBefore, "<")] {
                guard let bound else { continue }
                guard let date = ISO8601.date(from: bound) else { throw LocalError.validation("\(bound) is not a date-time.") }
                conditions.append("timestamp \(op) ?")
                values.append(date.stored)
            }
            for word in words {
                let pattern = "%" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_") + "%"
                conditions.append("(properties LIKE ? ESCAPE '\\' OR tags LIKE ? ESCAPE '\\')")
                values += [pattern, pattern]
            }
            var scored: [(Int, ItemRecord)] = []
            var titleFields: [String: String] = [:]
            for row in try db.query("SELECT * FROM items WHERE \(conditions.joined(separator: " AND "))", values: values) {
                let item = try ItemRecord(row: row)
                guard key.typeLevel(item.type) >= .read, wantedTags.allSatisfy(item.tags.contains) else { continue }
                if titleFields[item.type] == nil {
                    let hints = try? registry.resolved(item.type).displayHints
                    titleFields[item.type] = hints?.titleField ?? "title"
                }
                if let score = Self.score(item, words: words, titleField: titleFields[item.type] ?? "title") {
                    scored.append((score, item))
                }
            }
            scored.sort { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1.updatedAt > $1.1.updatedAt }
            return try scored.dropFirst(offset).prefix(limit).map { score, item in
                .init(item: item.wire, metadata: try ItemExtensions.metadata(of: item, in: db), relevanceScore: Double(score))
            }
        }
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(results: results))))
    }

    /// How well `item` matches `words`: nil unless every word occurs in a string property or a tag.
    static func score(_ item: ItemRecord, words: [String], titleField: String) -> Int? {
        var texts: [(String, Int)] = item.tags.map { ($0.lowercased(), 1) }
        func collect(_ value: OpenAPIValue, weight: Int) {
            switch value {
            case .string(let text): texts.append((text.lowercased(), weight))
            case .array(let values): values.forEach { collect($0, weight: weight) }
            case .object(let members): members.values.forEach { collect($0, weight: weight) }
            default: break
            }
        }
        for (name, value) in item.properties { collect(value, weight: name == titleField ? 3 : 1) }
        var total = 0
        for word in words {
            let hits = texts.reduce(0) { $0 + $1.0.components(separatedBy: word).count.advanced(by: -1) * $1.1 }
            guard hits > 0 else { return nil }
            total += hits
        }
        return total
    }
}
