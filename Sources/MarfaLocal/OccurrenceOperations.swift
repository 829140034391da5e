import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes

/// `GET /occurrences`: the events (`core.event` and its subtypes, or the one `type` named) whose
/// `starts_at` falls in `[from, to)`, earliest first. The local instance stores no recurrence
/// rules, so every event is one occurrence and nothing is expanded. A window longer than 366
/// days, or one holding more than 10,000 occurrences, is `400 validation_error`, never trimmed.
extension LocalAPI {
    static let maxOccurrences = 10_000

    func listOccurrences(_ input: Operations.ListOccurrences.Input) async throws -> Operations.ListOccurrences.Output {
        let key = try RequestContext.current.requireKey()
        guard let from = ISO8601.date(from: input.query.from), let to = ISO8601.date(from: input.query.to) else {
            throw LocalError.validation("from and to are RFC 3339 date-times.")
        }
        guard from < to else { throw LocalError.validation("from must be before to.") }
        guard to.timeIntervalSince(from) <= 366 * 86_400 else {
            throw LocalError.validation("The window is longer than 366 days.")
        }
        let (eventsRead, occurrences) = try await read { db -> (Int, [(Date, Components.Schemas.Occurrence)]) in
            var eventsRead = 0
            let registry = try TypeRegistry.load(db)
            let root = input.query._type ?? "core.event"
            try TypeValidation.checkGrammar(root)
            let types = registry.descendants(of: root).filter { key.typeLevel($0) >= .read }
            guard !types.isEmpty else { return (0, []) }
            let rows = try db.query(
                "SELECT * FROM items WHERE state <> 'trashed' AND type IN (\(types.map { _ in "?" }.joined(separator: ", ")))",
                values: Array(types))
            var found: [(Date, Components.Schemas.Occurrence)] = []
            for row in rows {
                eventsRead += 1
                let item = try ItemRecord(row: row)
                guard let startText = item.properties["starts_at"]?.string, let start = ISO8601.date(from: startText),
                    start >= from, start < to
                else { continue }
                found.append(
                    (start, .init(startsAt: startText, endsAt: item.properties["ends_at"]?.string, item: item.wire)))
                guard found.count <= Self.maxOccurrences else {
                    throw LocalError.validation(
                        "The window holds more than \(Self.maxOccurrences) occurrences; ask for a shorter one.")
                }
            }
            return (eventsRead, found.sorted { $0.0 < $1.0 })
        }
        return .ok(
            .init(
                headers: .init(xMarfaContract: Self.contract),
                body: .json(
                    .init(
                        data: occurrences.map(\.1), window: .init(from: input.query.from, to: input.query.to),
                        scan: .init(
                            eventsRead: eventsRead, occurrences: occurrences.count, maxOccurrences: Self.maxOccurrences,
                            seriesErrors: 0,
                            maxSeriesErrors: 0, unproductiveIterations: 0, maxUnproductiveIterations: 0,
                            seriesUnexpanded: 0)))))
    }
}
