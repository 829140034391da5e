import Foundation
import MarfaClock
import MarfaOpenAPIRuntime
import Testing

@testable import MarfaLocal

/// `GET /search` on the FTS5 index: ranking by field, folded case and diacritics, prefixes, input
/// that is not search syntax, the bin and purges, and the index following every write.
@Suite struct SearchTests {
    /// Creates an item of `type` with `properties` (JSON) and `tags`; answers its id.
    static func item(
        _ local: LocalTestInstance, _ properties: String, type: String = "core.note", tags: [String] = []
    ) async throws -> String {
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        let answer = try await local.send(
            .post, "/items", json: #"{"type":"\#(type)","properties":\#(properties),"tags":[\#(tagList)]}"#)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["item"]?["id"]?.string)
    }

    /// The ids `q` finds, best first (`q` is percent-encoded here).
    static func found(_ local: LocalTestInstance, _ q: String, _ extra: String = "") async throws -> [String] {
        let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
        let answer = try await local.send(.get, "/search?q=\(encoded)\(extra)")
        #expect(answer.status == 200, "q=\(q): \(answer.text)")
        return answer.json["results"]?.array?.compactMap { $0["item"]?["id"]?.string } ?? []
    }

    @Test func ranksTheTitleAboveTheBodyAboveOtherTextAndTags() async throws {
        try await LocalTestInstance.with { local in
            let inTag = try await Self.item(local, #"{"title":"Groceries"}"#, tags: ["lighthouse"])
            let inOther = try await Self.item(local, #"{"title":"Trip","notes":"lighthouse tour"}"#)
            let inBody = try await Self.item(local, #"{"title":"Coast","body":"We saw a lighthouse"}"#)
            let inTitle = try await Self.item(local, #"{"title":"The lighthouse","body":"Tall and white"}"#)
            _ = try await Self.item(local, #"{"title":"Unrelated","body":"Nothing here"}"#)

            let answer = try await local.send(.get, "/search?q=lighthouse")
            let results = try #require(answer.json["results"]?.array)
            let ids = results.compactMap { $0["item"]?["id"]?.string }
            // Other properties and tags weigh the same: among them the shorter text ranks first.
            #expect(ids.prefix(2) == [inTitle, inBody])
            #expect(Set(ids.dropFirst(2)) == [inOther, inTag])
            let scores = results.compactMap { $0["relevance_score"]?.double }
            #expect(scores.count == 4)
            #expect(scores.allSatisfy { $0 > 0 }, "higher is better: \(scores)")
            #expect(scores == scores.sorted(by: >), "\(scores)")
            // The metadata comes with each result.
            #expect(results.first { $0["item"]?["id"]?.string == inTag }?["metadata"]?["tags"] == ["lighthouse"])
        }
    }

    @Test func foldsCaseAndDiacriticsBothWays() async throws {
        try await LocalTestInstance.with { local in
            let accented = try await Self.item(local, #"{"title":"Café crème in Zürich"}"#)
            let plain = try await Self.item(local, #"{"title":"cafe creme in zurich"}"#)
            #expect(Set(try await Self.found(local, "cafe")) == [accented, plain])
            #expect(Set(try await Self.found(local, "CAFÉ CRÈME")) == [accented, plain])
            #expect(Set(try await Self.found(local, "zürich")) == [accented, plain])
        }
    }

    @Test func theLastWordIsAPrefixUnlessTheTextEndsAfterIt() async throws {
        try await LocalTestInstance.with { local in
            let concurrency = try await Self.item(local, #"{"title":"Swift concurrency"}"#)
            let concert = try await Self.item(local, #"{"title":"A concert"}"#)
            #expect(Set(try await Self.found(local, "conc")) == [concurrency, concert])
            #expect(try await Self.found(local, "swift conc") == [concurrency])
            // A space after the word says it is whole: no item holds the word "conc".
            #expect(try await Self.found(local, "conc ") == [])
            // Only the last word is a prefix.
            #expect(try await Self.found(local, "swi concurrency") == [])
        }
    }

    @Test func quotesDashesStarsAndUnbalancedInputAreWordsNeverSyntax() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"NEAR the well-known AND famous tower","body":"x*y"}"#)
            for q in [
                "\"well", "well-known", "well\"known", "tower\"", "NEAR(", "NEAR", "AND", "famous AND", "(tower",
                "tower)", "\"NEAR\" AND", "x*y", "-tower", "tower -well", "^tower", "tower:", "{tower}",
            ] {
                #expect(try await Self.found(local, q) == [id], "q=\(q)")
            }
            for q in ["*", "\"", "***", "(", ")", "-", "\"\"", "^", ":", "🙂"] {
                #expect(try await Self.found(local, q) == [], "q=\(q)")
            }
            // Every word must occur: "NOT" is a word, not an operator.
            #expect(try await Self.found(local, "tower NOT") == [])
            #expect(try await local.send(.get, "/search?q=%20%20").status == 400)
        }
    }

    @Test func theBinIsLeftOutAndAPurgeRemovesTheText() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"Marmalade recipe"}"#)
            #expect(try await local.send(.delete, "/items/\(id)").status == 200)
            #expect(try await Self.found(local, "marmalade") == [])
            #expect(try await Self.found(local, "marmalade", "&state=trashed") == [])
            #expect(try await local.send(.post, "/items/\(id)/restore").status == 200)
            #expect(try await Self.found(local, "marmalade") == [id])

            #expect(try await local.send(.delete, "/items/\(id)").status == 200)
            #expect(try await local.send(.delete, "/items/\(id)/purge").status == 200)
            let store = try await Self.reopen(local)
            let (texts, hits) = try await store.read { db in
                (
                    try db.fetchValue(Int.self, "SELECT count(*) FROM item_search") ?? -1,
                    try db.fetchValue(
                        Int.self, "SELECT count(*) FROM item_search_index WHERE item_search_index MATCH 'marmalade'")
                        ?? -1
                )
            }
            await store.close()
            #expect(texts == 0)
            #expect(hits == 0)
        }
    }

    @Test func theIndexFollowsUpdatesTagsRetypesAndExtensionsLeaveItAlone() async throws {
        try await LocalTestInstance.with { local in
            let id = try await Self.item(local, #"{"title":"alpha","body":"first draft"}"#)
            let patched = try await local.send(
                .patch, "/items/\(id)", json: #"{"version":1,"properties":{"title":"omega"}}"#)
            #expect(patched.status == 200, "\(patched.text)")
            #expect(try await Self.found(local, "alpha") == [])
            #expect(try await Self.found(local, "omega") == [id])
            #expect(try await Self.found(local, "draft") == [id])

            #expect(try await local.send(.post, "/items/\(id)/tags", json: #"{"tags":["kumquat"]}"#).status == 200)
            #expect(try await Self.found(local, "kumquat") == [id])
            #expect(try await Self.found(local, "kumquat", "&tags=kumquat") == [id])
            #expect(try await local.send(.delete, "/items/\(id)/tags/kumquat").status == 200)
            #expect(try await Self.found(local, "kumquat") == [])

            let replaced = try await local.send(
                .patch, "/items/\(id)",
                json: #"{"version":2,"properties_mode":"replace","properties":{"title":"zeta"}}"#)
            #expect(replaced.status == 200, "\(replaced.text)")
            #expect(try await Self.found(local, "draft") == [])
            #expect(try await Self.found(local, "zeta") == [id])
        }
    }

    @Test func snippetsMarkTheMatchesAndEscapeTheText() async throws {
        try await LocalTestInstance.with { local in
            _ = try await Self.item(local, #"{"title":"Markup","body":"Use <b>bold</b> & \"quotes\" for the heron"}"#)
            let answer = try await local.send(.get, "/search?q=heron")
            let snippet = try #require(answer.json["results"]?.array?.first?["snippet_html"]?.string)
            #expect(snippet.contains("<mark>heron</mark>"), "\(snippet)")
            #expect(snippet.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;"), "\(snippet)")
            #expect(!snippet.contains("<b>"), "\(snippet)")
        }
    }

    @Test func textHoldingTheSnippetMarksIsIndexedWithoutThem() async throws {
        try await LocalTestInstance.with { local in
            // U+0002 and U+0003 mark matches in FTS5 snippets; stored text keeps them, the index drops them.
            _ = try await Self.item(local, #"{"title":"Plain","body":"an \u0002egret\u0003 by the pond"}"#)
            let answer = try await local.send(.get, "/search?q=pond")
            let snippet = try #require(answer.json["results"]?.array?.first?["snippet_html"]?.string)
            #expect(snippet.contains("an egret by the <mark>pond</mark>"), "\(snippet)")
            #expect(try await Self.found(local, "egret").count == 1)
        }
    }

    @Test func theTitleFieldFollowsTheTypesDisplayHints() async throws {
        try await LocalTestInstance.with { local in
            let type =
                #"{"id":"app.memo","fields":{"headline":{"type":"string"},"title":{"type":"string"}},"display_hints":{"title_field":"HINT"}}"#
            let registered = try await local.send(.post, "/types", json: type.replacing("HINT", with: "headline"))
            #expect(registered.status == 201, "\(registered.text)")
            let byHeadline = try await Self.item(local, #"{"headline":"osprey","title":"a"}"#, type: "app.memo")
            let byTitle = try await Self.item(local, #"{"headline":"b","title":"osprey"}"#, type: "app.memo")
            #expect(try await Self.found(local, "osprey") == [byHeadline, byTitle])

            let replaced = try await local.send(.put, "/types/app.memo", json: type.replacing("HINT", with: "title"))
            #expect(replaced.status == 200, "\(replaced.text)")
            #expect(try await Self.found(local, "osprey") == [byTitle, byHeadline])
        }
    }

    @Test func aStoreFromBeforeTheIndexIsIndexedWhenOpened() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        let key = try #require(first.bootstrapKey)
        var local = LocalTestInstance(instance: first, folder: folder, key: key)
        let old = try await Self.item(local, #"{"title":"Pelican","body":"an old note"}"#, tags: ["shore"])
        await first.stop()
        // Take the store back to schema version 5: no search table, no index, no request to fill,
        // no listing indexes, no read view changes.
        let store = try await LocalStore.open(directory: folder, clock: SystemClock())
        try await store.write { db in
            try ItemSearchIndex.table.drop(in: db)
            try db.execute(
                """
                DROP TRIGGER items_search_ad; DROP TABLE item_search; DROP TABLE search_pending; DROP INDEX items_created; DROP INDEX items_updated;
                DROP TABLE read_view_changes; DROP INDEX items_trashed_with; ALTER TABLE items DROP COLUMN trashed_with
                """)
            try db.run("DELETE FROM schema_version WHERE version >= 6")
        }
        await store.close()

        let second = try await LocalInstance.start(dataDirectory: folder, options: .init(log: { _ in }))
        local = LocalTestInstance(instance: second, folder: folder, key: key)
        #expect(try await Self.found(local, "pelican") == [old])
        #expect(try await Self.found(local, "shore") == [old])
        let fresh = try await Self.item(local, #"{"title":"Pelican too"}"#)
        #expect(Set(try await Self.found(local, "pelican")) == [old, fresh])
        await second.stop()
    }

    /// The store of `local`'s folder, opened beside the running instance (WAL lets both read).
    static func reopen(_ local: LocalTestInstance) async throws -> LocalStore {
        try await LocalStore.open(directory: local.folder, clock: SystemClock())
    }
}
