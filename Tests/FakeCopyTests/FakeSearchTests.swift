import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: search, displays and link candidates")
struct FakeSearchTests {
    static func kitchen() -> FakeCopy {
        WorkingCopy.fake(
            items: [
                Fixture.note("recipe", "Bread recipe", body: "flour and water", at: 1),
                Fixture.note("list", "Shopping", body: "bread, café au lait", at: 2, tags: ["errands"]),
                Fixture.note("binned", "Bread in the bin", at: 3, state: .trashed),
                Fixture.note("old", "Old bread notes", at: 4, state: .archived),
            ],
            itemTypes: [Fixture.noteType])
    }

    @Test("a title match ranks over a body match, the last word matches as a prefix, the bin never matches")
    func ranking() async throws {
        let copy = Self.kitchen().copy
        let hits = try await copy.search("bread")
        #expect(hits.map(\.item.id) == ["recipe", "list"])
        #expect(hits[0].score > hits[1].score)
        #expect(hits[0].snippet.matchedText == ["Bread"] && hits[0].item.title == "Bread recipe")
        #expect(try await copy.search("brea").map(\.item.id) == ["recipe", "list"])
        #expect(try await copy.search("bread ").map(\.item.id) == ["recipe", "list"])
        #expect(try await copy.search("cafe").map(\.item.id) == ["list"])
        #expect(
            Set(try await copy.search("bread", filters: SearchFilters(allStates: true)).map(\.item.id)) == [
                "old", "recipe", "list",
            ])
        #expect(try await copy.search("bread", filters: SearchFilters(tags: ["errands"])).map(\.item.id) == ["list"])
        #expect(try await copy.search("errands").map(\.item.id) == ["list"])
        #expect(try await copy.search("\"(-").isEmpty)
        await #expect(throws: MarfaError.self) { _ = try await copy.search("bread", limit: 0) }
    }

    @Test("the index follows every write at once, and a refused create leaves it")
    func indexFollowsWrites() async throws {
        let fake = Self.kitchen()
        _ = try await fake.copy.items.create(
            Draft(type: "app.note", properties: ["title": "Sourdough starter"], id: "starter"))
        #expect(try await fake.copy.search("sourdough").map(\.item.id) == ["starter"])
        _ = try await fake.copy.items.update("recipe", Edit(.merge(["title": "Pancakes"]), baseVersion: 1))
        #expect(try await fake.copy.search("bread").map(\.item.id) == ["list"])
        _ = try await fake.copy.items.delete("list")
        #expect(try await fake.copy.search("bread").isEmpty)
        fake.verdict = { $0.kind == .createItem ? .refused(Refusal(reason: "validation_error")) : .accepted }
        _ = try await fake.copy.queue.drain()
        #expect(try await fake.copy.search("sourdough").isEmpty)
    }

    @Test("declaring a type's display hints moves what counts as its title")
    func displayHints() async throws {
        let fake = WorkingCopy.fake(items: [
            Item(
                id: "x", type: "app.card", properties: ["heading": "Bread", "text": "bread"],
                occurredAt: Fixture.date(1)),
            Item(
                id: "y", type: "app.card", properties: ["heading": "Butter", "text": "bread bread"],
                occurredAt: Fixture.date(2)),
        ])
        #expect(try await fake.copy.items.get("x")?.title == nil)
        try await fake.copy.declareTypes([
            .init(
                fields: .init(additionalProperties: [:]), id: "app.card",
                displayHints: .init(titleField: "heading", bodyField: "text"))
        ])
        #expect(try await fake.copy.items.get("x")?.title == "Bread")
        #expect(try await fake.copy.search("bread").map(\.item.id) == ["x", "y"])
    }

    @Test("displays answer from the script, one call per item; link candidates from theirs, the target replaced")
    func scripted() async throws {
        let fake = WorkingCopy.fake(
            items: [Fixture.note("recipe", "Bread recipe", at: 1)], itemTypes: [Fixture.noteType],
            displays: { ItemDisplay(itemId: $0.id, name: "Named \($0.title ?? "")", preview: "") })
        #expect(
            try await fake.copy.items.displays(for: ["recipe", "missing"]) == [
                ItemDisplay(itemId: "recipe", name: "Named Bread recipe", preview: "")
            ])
        fake.linkCandidates = { target, itemId in
            [
                LinkCandidate(target: "ignored", itemId: "a-\(itemId)", name: target, match: .exact),
                LinkCandidate(target: "ignored", itemId: "b", name: "Second", match: .prefix),
            ]
        }
        let candidates = try await fake.copy.items.linkCandidates(of: "Bre", in: "recipe", limit: 1)
        #expect(candidates == [LinkCandidate(target: "Bre", itemId: "a-recipe", name: "Bre", match: .exact)])
        fake.displays = nil
        await expectUnsupported("items.displays") { _ = try await fake.copy.items.displays(for: ["recipe"]) }
    }
}
