import Foundation
import Marfa
import MarfaTesting
import Testing

/// The differential of the fake copy: a SQLite copy hydrated from a local instance, and a fake
/// made from what that copy holds, answer the same script of reads, searches, writes, queue calls
/// and a drain the same, call for call; the fake's refusals are its documented `unsupported`.
@Suite("Fake copy against a copy hydrated from a local instance")
struct FakeAgainstHydratedTests {
    @Test("the same reads, searches, writes, queue and drain give the same answers")
    func sameAnswers() async throws {
        try await CopyTestInstance.with { test in
            let garden = try await test.createItem(
                "core.note", properties: #"{"title": "Garden plans", "body": "Tomatoes and beans"}"#)
            let trip = try await test.createItem(
                "core.note", properties: #"{"title": "Trip", "body": "Garden of Eden? no, Rome"}"#)
            let task = try await test.createItem(
                "core.task", properties: #"{"title": "Water the garden", "done": false}"#)
            try await test.send(.post, "/items/\(garden)/tags", json: #"{"tags": ["home", "green"]}"#)
            try await test.createEdge("references", from: trip, to: garden)
            try await test.send(.post, "/items/\(task)/transition", json: #"{"state": "archived"}"#)
            let stored = try await test.open()
            _ = try await stored.hydrate(types: ["core.note", "core.task"], tier: .library)
            let held = try await stored.items.list(ListFilters(allStates: true))
            var edges: [Edge] = []
            for item in held { edges += try await stored.edges.from(item.id) }
            let fake = WorkingCopy.fake(
                items: held, edges: edges, itemTypes: try await stored.catalog.itemTypes(),
                edgeTypes: try await stored.catalog.edgeTypes())
            let storeLines = try await Self.transcript(of: stored, ids: [garden, trip, task])
            let fakeLines = try await Self.transcript(of: fake.copy, ids: [garden, trip, task])
            #expect(fakeLines.count == storeLines.count)
            for (fakeLine, storeLine) in zip(fakeLines, storeLines) { #expect(fakeLine == storeLine) }
            await stored.close()
        }
    }

    /// The script's answers, one line each; ids minted by the copy are numbered in order.
    static func transcript(of copy: WorkingCopy, ids: [String]) async throws -> [String] {
        var lines: [String] = []
        func record(_ label: String, _ body: () async throws -> String) async {
            do { lines.append("\(label): \(try await body())") } catch { lines.append("\(label) threw \(error)") }
        }
        let listings: [(String, ListFilters, Sort)] = [
            ("all", ListFilters(), Sort()),
            ("every state", ListFilters(allStates: true), Sort(field: .createdAt, direction: .ascending)),
            ("archived", ListFilters(state: .archived), Sort()),
            ("notes", ListFilters(type: "core.note"), Sort(field: .updatedAt)),
            ("tagged", ListFilters(tags: ["home", "green"]), Sort()),
            ("limit", ListFilters(allStates: true, limit: 2, offset: 1), Sort()),
        ]
        for (label, filters, sort) in listings {
            await record("list \(label)") {
                try await copy.items.list(filters, sort: sort).map(\.id).joined(separator: " ")
            }
        }
        for id in ids + ["missing"] {
            await record("get \(id)") {
                try await copy.items.get(id).map { "\($0.type) \($0.title ?? "") \($0.version) \($0.tags)" } ?? "none"
            }
            await record("edges from \(id)") { try await copy.edges.from(id).map(\.id).description }
            await record("edges to \(id)") { try await copy.edges.to(id).map(\.id).description }
        }
        for query in ["garden", "gard", "rome", "\"eden", "nothing-here"] {
            await record("search \(query)") {
                try await copy.search(query).map { "\($0.item.id) \($0.score) \($0.snippet.text)" }.joined(
                    separator: " | ")
            }
        }
        await record("catalog") {
            try await copy.catalog.itemTypes().map { "\($0.id) \($0.fields.map(\.name))" }.description
        }
        let made = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Made offline"]))
        _ = try await copy.tags.add("new", to: ids[0])
        let version = try await copy.items.get(ids[1])?.version ?? 0
        _ = try await copy.items.update(ids[1], Edit(.merge(["body": "Paris instead"]), baseVersion: version))
        await record("stale update") { "\(try await copy.items.update(ids[1], Edit(baseVersion: 99)))" }
        await record("queue") {
            try await copy.queue.all().map {
                "\($0.kind) \($0.itemId == made.itemId ? "made" : $0.itemId ?? "") \($0.waiting)"
            }.description
        }
        await record("search after writes") { try await copy.search("paris").map(\.item.id).description }
        let report = try await copy.queue.drain()
        lines.append("drain \(report.answered) \(report.verdicts.map { $0.verdict?.description ?? "-" })")
        await record("taken") { try await copy.queue.takeAnswered().map { "\($0.kind)" }.description }
        return lines.map { $0.replacingOccurrences(of: made.itemId ?? "made", with: "made") }
    }
}
