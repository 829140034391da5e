import Foundation
import Marfa
import Testing

@Suite("Working copy: search, displays, link candidates")
struct CopySearchTests {
    @Test(
        "search ranks title over body over other text, folds diacritics, matches a prefix, leaves the bin out, and follows writes"
    )
    func searchRanks() async throws {
        try await CopyTestInstance.with { test in
            let titled = try await test.createItem(
                "core.note", properties: #"{"title": "Garden café plans", "body": "Seeds."}"#)
            let bodied = try await test.createItem(
                "core.note", properties: #"{"title": "Weekend", "body": "Work in the garden"}"#)
            let other = try await test.createItem(
                "core.note", properties: #"{"title": "Misc", "notes": "garden hose"}"#)
            let binned = try await test.createItem("core.note", properties: #"{"title": "Old garden"}"#)
            try await test.send(.delete, "/items/\(binned)")
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let hits = try await copy.search("garden")
            #expect(hits.map(\.item.id) == [titled, bodied, other])
            #expect(hits[0].snippet.matchedText.map { $0.lowercased() } == ["garden"])
            #expect(hits.map(\.score) == hits.map(\.score).sorted(by: >))
            #expect(try await copy.search("cafe").map(\.item.id) == [titled])
            #expect(try await copy.search("gard").map(\.item.id).count == 3)
            #expect(try await copy.search("garden ").map(\.item.id).count == 3)
            let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Garden shed"]))
            #expect(try await copy.search("shed").map(\.item.id) == [try #require(created.itemId)])
            _ = try await copy.items.delete(titled)
            #expect(try await copy.search("café").isEmpty)
            await copy.close()
        }
    }

    @Test(
        "any typed text is safe: quotes, dashes, stars, operators and unbalanced input never reach the app as an error")
    func hostileInput() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "Quoted \"things\" and more-dashes"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            for text in [
                "\"", "\"things", "more-dashes", "*", "a*", "NEAR(", "title:", "(", ")", "AND", "OR NOT", "'", "^", "-",
                "", "   ", "💥",
            ] {
                _ = try await copy.search(text)
            }
            #expect(try await copy.search("\"things").count == 1)
            #expect(try await copy.search("more-dashes").count == 1)
            #expect(try await copy.search("").isEmpty)
            await copy.close()
        }
    }

    @Test("search filters: type subtree, state, tags (all), beneath a parent-of subtree")
    func filters() async throws {
        try await CopyTestInstance.with { test in
            let parent = try await test.createItem("core.note", properties: #"{"title": "Project apple"}"#)
            let child = try await test.createItem("core.note", properties: #"{"title": "apple child"}"#)
            let loose = try await test.createItem("core.note", properties: #"{"title": "apple loose"}"#)
            let task = try await test.createItem("core.task", properties: #"{"title": "apple task"}"#)
            try await test.createEdge("parent-of", from: parent, to: child)
            try await test.send(.post, "/items/\(loose)/tags", json: #"{"tags": ["red", "fruit"]}"#)
            try await test.send(.post, "/items/\(loose)/transition", json: #"{"state": "archived"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .library)
            #expect(Set(try await copy.search("apple").map(\.item.id)) == [parent, child, task])
            #expect(try await copy.search("apple", filters: SearchFilters(type: "core.task")).map(\.item.id) == [task])
            #expect(try await copy.search("apple", filters: SearchFilters(state: .archived)).map(\.item.id) == [loose])
            #expect(
                try await copy.search("apple", filters: SearchFilters(allStates: true, tags: ["red", "fruit"])).map(
                    \.item.id) == [loose])
            #expect(
                try await copy.search("apple", filters: SearchFilters(allStates: true, tags: ["red", "green"])).isEmpty)
            #expect(try await copy.search("apple", filters: SearchFilters(beneath: parent)).map(\.item.id) == [child])
            await #expect(throws: MarfaError.self) { _ = try await copy.search("apple", limit: 0) }
            await copy.close()
        }
    }

    @Test(
        "displays name an item by its title, else its body's first line, else its type; link candidates rank exact, prefix, full-text"
    )
    func displaysAndCandidates() async throws {
        try await CopyTestInstance.with { test in
            let exact = try await test.createItem("core.note", properties: #"{"title": "Paris"}"#)
            let prefix = try await test.createItem("core.note", properties: #"{"title": "Paris trip"}"#)
            let text = try await test.createItem(
                "core.note", properties: #"{"title": "Holidays", "body": "Two weeks in paris"}"#)
            let untitled = try await test.createItem(
                "core.note", properties: #"{"body": "\n  First line here\nsecond"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let displays = try await copy.items.displays(for: [exact, untitled, "missing-id"])
            #expect(displays.map(\.name) == ["Paris", "First line here"])
            #expect(displays[1].preview == "First line here second")
            let candidates = try await copy.items.linkCandidates(of: "paris", in: text)
            #expect(candidates.map(\.itemId) == [exact, prefix])
            #expect(candidates.map(\.match) == [.exact, .prefix])
            #expect(candidates.allSatisfy { $0.target == "paris" })
            let fromElsewhere = try await copy.items.linkCandidates(of: "paris", in: untitled)
            #expect(fromElsewhere.map(\.itemId) == [exact, prefix, text])
            #expect(fromElsewhere.last?.match == .fullText)
            await copy.close()
        }
    }

    @Test(
        "link candidates: an exact name first, then names that begin with the text: whole words ranked, then newest first"
    )
    func candidateOrder() async throws {
        try await CopyTestInstance.with { test in
            let exact = try await test.createItem("core.note", properties: #"{"title": "Trip"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            var prefixed: [String] = []
            for name in ["Tripod", "Trip to Rome", "Triple jump"] {
                prefixed.append(
                    try #require(
                        try await copy.items.create(Draft(type: "core.note", properties: ["title": .string(name)]))
                            .itemId))
            }
            let linking = try #require(
                try await copy.items.create(Draft(type: "core.note", properties: ["title": "Plans"])).itemId)
            let candidates = try await copy.items.linkCandidates(of: "Trip", in: linking)
            #expect(candidates.first?.itemId == exact && candidates.first?.match == .exact)
            // "Trip to Rome" begins with the whole word and is ranked by the first search; the
            // others begin with it as a prefix and follow, newest first.
            #expect(Array(candidates.dropFirst().map(\.itemId)) == [prefixed[1], prefixed[2], prefixed[0]])
            let typed = try await copy.items.linkCandidates(of: "Tri", in: linking)
            #expect(typed.map(\.itemId) == [prefixed[2], prefixed[1], prefixed[0], exact])
            #expect(typed.allSatisfy { $0.match == .prefix })
            await copy.close()
        }
    }

    @Test("a prefix ranks the newest 1,000 matches; a longer prefix, a finished word and link names reach every item")
    func prefixRankingBound() async throws {
        try await CopyTestInstance.with { test in
            let oldest = try await test.createItem(
                "core.note", properties: #"{"title": "Marmalade", "body": "marmalade marmalade"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let newer = CopySearchIndex.prefixRankingBound
            var linking = ""
            for index in 0..<newer {
                let write = try await copy.items.create(
                    Draft(type: "core.note", properties: ["title": .string("Marmalade jar \(index)")]))
                linking = write.itemId ?? ""
            }
            let typing = try await copy.search("marm", limit: 200)
            #expect(typing.count == 200 && !typing.contains { $0.item.id == oldest })
            #expect(try await copy.search("marmalade ").first?.item.id == oldest)
            #expect(try await copy.search("marmalade").first?.item.id != oldest)
            let candidates = try await copy.items.linkCandidates(of: "Marmalade", in: linking)
            #expect(candidates.first?.itemId == oldest && candidates.first?.match == .exact)
            #expect(candidates.dropFirst().allSatisfy { $0.match == .prefix && $0.name.hasPrefix("Marmalade jar") })
            await copy.close()
        }
    }
}
