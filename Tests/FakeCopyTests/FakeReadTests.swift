import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: reads")
struct FakeReadTests {
    @Test("a listing keeps active items by default, newest made first, ties by id")
    func defaultListing() async throws {
        let copy = Fixture.library().copy
        #expect(try await copy.items.list().map(\.id) == ["t1", "j1", "n2", "n1"])
        let tied = WorkingCopy.fake(
            items: [Fixture.note("b", "B"), Fixture.note("a", "A"), Fixture.note("c", "C")],
            itemTypes: [Fixture.noteType])
        #expect(try await tied.copy.items.list().map(\.id) == ["c", "b", "a"])
        #expect(try await tied.copy.items.list(sort: Sort(direction: .ascending)).map(\.id) == ["a", "b", "c"])
    }

    @Test("type (with its subtree), state, tier, tags, times, beneath, limit and offset filter as the store does")
    func filters() async throws {
        let items = Fixture.library().copy.items
        #expect(try await items.list(ListFilters(type: "app.note")).map(\.id) == ["j1", "n2", "n1"])
        #expect(try await items.list(ListFilters(type: "app.note.journal")).map(\.id) == ["j1"])
        #expect(try await items.list(ListFilters(type: "app.*")).map(\.id) == ["t1", "j1", "n2", "n1"])
        #expect(try await items.list(ListFilters(state: .archived)).map(\.id) == ["n3"])
        #expect(try await items.list(ListFilters(allStates: true)).map(\.id) == ["n4", "t1", "j1", "n3", "n2", "n1"])
        #expect(try await items.list(ListFilters(tier: .feed)).map(\.id) == ["j1"])
        #expect(try await items.list(ListFilters(tier: .library)).map(\.id) == ["t1", "n2", "n1"])
        #expect(try await items.list(ListFilters(tags: ["home"])).map(\.id) == ["n2", "n1"])
        #expect(try await items.list(ListFilters(tags: ["home", "books"])).map(\.id) == ["n2"])
        let window = ListFilters(occurredAfter: Fixture.date(20), occurredBefore: Fixture.date(40))
        #expect(try await items.list(window).map(\.id) == ["j1", "n2"])
        #expect(try await items.list(ListFilters(allStates: true, beneath: "n2")).map(\.id) == ["t1", "n3"])
        let page = ListFilters(allStates: true, limit: 2, offset: 1)
        #expect(
            try await items.list(page, sort: Sort(field: .occurredAt, direction: .ascending)).map(\.id) == ["n2", "n3"])
        #expect(try await items.list(ListFilters(limit: 0)).isEmpty)
        #expect(try await items.list(ListFilters(offset: 9)).isEmpty)
    }

    @Test("the copy's own checks refuse bad filters before the engine sees them")
    func checkedFilters() async throws {
        let items = Fixture.library().copy.items
        await #expect(throws: MarfaError.unknownType(message: "The copy's catalog holds no type app.other.")) {
            _ = try await items.list(ListFilters(type: "app.other"))
        }
        await #expect(throws: MarfaError.self) { _ = try await items.list(ListFilters(limit: -1)) }
        await #expect(throws: MarfaError.self) { _ = try await items.list(ListFilters(type: "Not A Type")) }
    }

    @Test("an item reads with its title and body from the type's display hints, and the bin hides it from get")
    func getAndDisplay() async throws {
        let copy = Fixture.library().copy
        let note = try #require(try await copy.items.get("n1"))
        #expect(
            note.title == "Groceries" && note.body == "milk and bread" && note.tags == ["home"] && note.version == 1)
        #expect(try await copy.items.get("t1")?.title == "Call the bank")
        #expect(try await copy.items.get("n4") == nil)
        #expect(try await copy.items.get("nothing") == nil)
        #expect(try await copy.tags.of("n2") == ["home", "books"])
        #expect(try await copy.metadata.of("n2") == Metadata.Record(tags: ["home", "books"], extensions: [:]))
        await #expect(throws: MarfaError.notFound(code: "not_held", message: "The copy holds no item nothing.")) {
            _ = try await copy.tags.of("nothing")
        }
    }

    @Test("edges read oldest first, ties by id")
    func edges() async throws {
        let edges = Fixture.library().copy.edges
        #expect(try await edges.from("n1").map(\.id) == ["e1", "e2"])
        #expect(try await edges.to("n3").map(\.id) == ["p1"])
        #expect(try await edges.ofType("parent-of").map(\.id) == ["p1", "p2"])
        #expect(try await edges.from("t1").isEmpty)
    }

    @Test("the catalog holds the given types with inherited fields, then the declared ones")
    func catalog() async throws {
        let copy = Fixture.library().copy
        #expect(try await copy.catalog.itemTypes().map(\.id) == ["app.note", "app.note.journal", "app.task"])
        let journal = try await copy.catalog.itemType("app.note.journal")
        #expect(journal.fields.map(\.name) == ["body", "title"] && journal.titleField == "title")
        #expect(try await copy.catalog.edgeType("parent-of").cardinality == "one-to-many")
        await #expect(throws: MarfaError.self) { _ = try await copy.catalog.itemType("app.other") }

        let empty = WorkingCopy.fake().copy
        await #expect(throws: MarfaError.self) { _ = try await empty.catalog.itemTypes() }
        var changes = empty.changes().makeAsyncIterator()
        try await empty.declareTypes([Fixture.declaredNote])
        #expect(await next(1, of: &changes).map(\.summary) == ["refreshed catalog"])
        #expect(try await empty.declaredTypes().map(\.id) == ["app.note"])
        #expect(try await empty.catalog.itemType("app.note").fields.map(\.name) == ["body", "title"])
        _ = try await empty.items.create(Draft(type: "app.note", properties: ["title": "Declared"]))
        #expect(try await empty.items.list(ListFilters(type: "app.note")).map(\.title) == ["Declared"])
    }

    @Test("status: a complete copy with no server, its counts and its unsent writes")
    func status() async throws {
        let fake = Fixture.library()
        var status = try await fake.copy.status()
        #expect(status.hydration == .complete && status.serverOrigin == nil && status.sliceTier == nil)
        #expect(status.items == 6 && status.edges == 4 && status.unsent == 0 && status.changePosition == 0)
        _ = try await fake.copy.tags.add("new", to: "n1")
        status = try await fake.copy.status()
        #expect(status.unsent == 1)
        #expect(fake.copy.handle == .writer)
    }

    @Test("a closed fake refuses calls with closed and ends its streams")
    func closed() async throws {
        let fake = Fixture.library()
        var changes = fake.copy.changes().makeAsyncIterator()
        var updates = fake.copy.updates().makeAsyncIterator()
        await fake.copy.close()
        #expect(await changes.next() == nil)
        #expect(await updates.next() == .local)
        #expect(await updates.next() == nil)
        await #expect(throws: MarfaError.closed) { _ = try await fake.copy.items.list() }
    }
}
