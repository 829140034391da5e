import Foundation
import Marfa
import MarfaTesting
import Testing

/// The same script run against the fake and against a copy on a real store (opened without a
/// server, its types declared) gives the same answers, errors and changes, call for call.
@Suite("Fake copy: the same answers as a copy on a store")
struct FakeMatchesStoreTests {
    static let types: [Components.Schemas.TypeDefinitionInput] = [
        Fixture.declaredNote,
        .init(
            fields: .init(additionalProperties: ["mood": .init(_type: .string)]), id: "app.note.journal",
            parent: "app.note"),
        .init(
            fields: .init(additionalProperties: [
                "name": .init(_type: .string, required: true), "done": .init(_type: .boolean),
            ]),
            id: "app.task", displayHints: .init(titleField: "name")),
    ]

    @Test("reads, writes, the queue, search and errors answer alike, and changes() tells the same")
    func sameAnswers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-vs-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = try await WorkingCopy.open(store: folder.appendingPathComponent("copy.sqlite"))
        let fake = WorkingCopy.fake()

        let (storeAnswers, storeChanges) = try await Self.transcript(of: stored)
        let (fakeAnswers, fakeChanges) = try await Self.transcript(of: fake.copy)
        #expect(fakeAnswers.count == storeAnswers.count)
        for (fakeLine, storeLine) in zip(fakeAnswers, storeAnswers) { #expect(fakeLine == storeLine) }
        #expect(fakeChanges == storeChanges)
        await stored.close()
    }

    /// Every answer of the script as a line, and the changes told while it ran.
    static func transcript(of copy: WorkingCopy) async throws -> ([String], [String]) {
        var changes = copy.changes().makeAsyncIterator()
        var lines: [String] = []
        func record(_ label: String, _ body: () async throws -> String) async {
            do { lines.append("\(label): \(try await body())") } catch { lines.append("\(label) threw \(error)") }
        }
        try await copy.declareTypes(types)
        let writes = try await write(to: copy)
        for (label, filters, sort) in listings {
            await record(label) { try await copy.items.list(filters, sort: sort).map(\.id).joined(separator: " ") }
        }
        for id in ["a", "b", "c", "d", "e", "f", "g", "h", "missing"] {
            await record("get \(id)") { try await copy.items.get(id).map(describe) ?? "none" }
            await record("metadata \(id)") {
                let record = try await copy.metadata.of(id)
                return "\(record.tags) \(canonical(.object(record.extensions)))"
            }
        }
        for (query, filters) in searches {
            await record("search \(query)") {
                try await copy.search(query, filters: filters).map {
                    "\($0.item.id) \($0.score) \($0.snippet.text) \($0.snippet.matchedText)"
                }
                .joined(separator: " | ")
            }
        }
        await record("list unknown") { "\(try await copy.items.list(ListFilters(type: "app.unknown")))" }
        await record("get bad id") { try await copy.items.get("has space").map(describe) ?? "none" }
        await record("stale update") { "\(try await copy.items.update("a", Edit(baseVersion: 9)))" }
        await record("no title") { "\(try await copy.items.create(Draft(type: "app.note")))" }
        await record("tags of missing") { "\(try await copy.tags.of("missing"))" }
        await record("catalog") {
            try await copy.catalog.itemTypes().map { "\($0.id) \($0.fields.map(\.name)) \($0.titleField ?? "")" }
                .description
        }
        let queue = try await copy.queue.all()
        let positions = Dictionary(uniqueKeysWithValues: queue.enumerated().map { ($0.element.id, $0.offset) })
        for write in queue {
            lines.append(
                "queued \(write.kind) \(write.itemId ?? "") \(write.tag ?? "") \(write.namespace ?? "") \(write.baseVersion.map(String.init) ?? "")"
                    + " follows \(write.follows.flatMap { positions[$0] }.map(String.init) ?? "-")"
                    + " depends \(write.dependsOn.compactMap { positions[$0] }) waiting \(write.waiting) \(canonical(.object(write.body)))"
            )
        }
        let status = try await copy.status()
        lines.append("status \(status.items) \(status.edges) \(status.unsent)")
        let told = await next(writes + 1, of: &changes).map(\.summary)
        return (lines, told)
    }

    /// The writes of the script; returns how many were queued.
    static func write(to copy: WorkingCopy) async throws -> Int {
        let items = copy.items
        let day = 86_400.0
        _ = try await items.create(
            Draft(
                type: "app.note", properties: ["title": "Bread recipe", "body": "flour, water, salt"],
                tags: ["kitchen"], id: "a", occurredAt: Fixture.date(1 * day)))
        _ = try await items.create(
            Draft(
                type: "app.note", properties: ["title": "Shopping", "body": "bread and café au lait", "count": 2.5],
                id: "b", occurredAt: Fixture.date(2 * day)))
        _ = try await items.create(
            Draft(
                type: "app.note.journal",
                properties: ["title": "Tuesday", "body": "Baked bread with Ana", "mood": "calm"],
                tags: ["kitchen", "people"], tier: .feed, id: "c", occurredAt: Fixture.date(3 * day)))
        _ = try await items.create(
            Draft(
                type: "app.task", properties: ["name": "Buy breadcrumbs", "done": false], id: "d",
                occurredAt: Fixture.date(3 * day)))
        _ = try await items.create(
            Draft(
                type: "app.note", properties: ["title": "Nested", "extra": ["deep": ["text": "bread hidden deep"]]],
                id: "e", occurredAt: Fixture.date(5 * day)))
        _ = try await items.create(
            Draft(
                type: "app.note", properties: ["title": "To bin", "body": "bread crumbs"], id: "f",
                occurredAt: Fixture.date(6 * day)))
        _ = try await items.create(
            Draft(type: "app.note", properties: ["title": "Archived bread"], id: "g", occurredAt: Fixture.date(7 * day))
        )
        _ = try await items.create(
            Draft(
                type: "app.note", properties: ["title": "Untouched", "big": 12345678901, "flag": true],
                tags: ["people"], id: "h", occurredAt: Fixture.date(8 * day)))
        _ = try await items.update("a", Edit(.merge(["body": "flour, water, salt, yeast"]), baseVersion: 0))
        _ = try await items.update(
            "b", Edit(.replace(["title": "Groceries", "body": "bread and café"]), baseVersion: 0, tier: .feed))
        _ = try await items.delete("f")
        _ = try await items.transition("g", to: .archived)
        _ = try await items.transition("g", to: .active)
        _ = try await items.transition("g", to: .archived)
        _ = try await copy.tags.add("pantry", to: "a")
        _ = try await copy.tags.remove("people", from: "h")
        _ = try await copy.metadata.replaceTags(of: "e", with: ["deep", "kitchen"])
        _ = try await copy.extensions.write("app.reading", ["page": 12, "note": "halfway"], on: "a")
        _ = try await items.restore("f")
        _ = try await items.delete("f")
        return try await copy.queue.all().count
    }

    static let listings: [(String, ListFilters, Sort)] = [
        ("default", ListFilters(), Sort()),
        ("all by time", ListFilters(allStates: true), Sort(field: .occurredAt, direction: .ascending)),
        ("all by time down", ListFilters(allStates: true), Sort(field: .occurredAt, direction: .descending)),
        ("notes", ListFilters(type: "app.note"), Sort(field: .occurredAt)),
        ("journals", ListFilters(type: "app.note.journal"), Sort(field: .occurredAt)),
        ("app star", ListFilters(type: "app.*", allStates: true), Sort(field: .occurredAt)),
        ("archived", ListFilters(state: .archived), Sort(field: .occurredAt)),
        ("trashed", ListFilters(state: .trashed), Sort(field: .occurredAt)),
        ("feed", ListFilters(tier: .feed), Sort(field: .occurredAt)),
        ("library", ListFilters(allStates: true, tier: .library), Sort(field: .occurredAt)),
        ("kitchen", ListFilters(tags: ["kitchen"]), Sort(field: .occurredAt)),
        ("kitchen people", ListFilters(tags: ["kitchen", "people"]), Sort(field: .occurredAt)),
        (
            "window", ListFilters(occurredAfter: Fixture.date(2 * 86_400), occurredBefore: Fixture.date(5 * 86_400)),
            Sort(field: .occurredAt, direction: .ascending)
        ),
        ("page", ListFilters(allStates: true, limit: 3, offset: 2), Sort(field: .occurredAt, direction: .ascending)),
        ("empty page", ListFilters(limit: 0), Sort()),
    ]

    static let searches: [(String, SearchFilters)] = [
        ("bread", SearchFilters()), ("brea", SearchFilters()), ("bread", SearchFilters(allStates: true)),
        ("cafe", SearchFilters()), ("bread", SearchFilters(type: "app.note")),
        ("bread", SearchFilters(tags: ["kitchen"])),
        ("kitchen", SearchFilters()), ("deep", SearchFilters()), ("\"unbalanced -(", SearchFilters()),
        ("   ", SearchFilters()),
    ]

    static func describe(_ item: Item) -> String {
        "\(item.id) \(item.type) \(canonical(.object(item.properties))) \(item.state) \(item.tier.map(\.rawValue) ?? "-") v\(item.version) s\(item.schemaVersion)"
            + " \(item.title ?? "-") \(item.body ?? "-") \(item.tags) \(item.occurredAt.timeIntervalSince1970) \(item.source) \(item.sourceId ?? "-")"
    }

    /// A JSON value as text with object keys sorted, so equal values read alike.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            "{" + members.keys.sorted().map { "\($0): \(canonical(members[$0]!))" }.joined(separator: ", ") + "}"
        case .array(let values): "[" + values.map(canonical).joined(separator: ", ") + "]"
        default: "\(value)"
        }
    }
}
