import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: views")
struct FakeViewTests {
    @Test("views passed and made are listed by name, changed on their version, grouped and deleted, each told")
    func views() async throws {
        let given = View(id: "reading", version: 4, settings: View.Settings(name: "Reading", groupBy: "tag"))
        let fake = WorkingCopy.fake(
            items: [
                Fixture.note("n1", "Groceries", at: 10, tags: ["home"]),
                Fixture.note("n2", "Novel", at: 20, tags: ["home", "books"]),
                Fixture.note("n3", "Old", at: 30, state: .archived),
            ],
            itemTypes: [Fixture.noteType], views: [given])
        let views = fake.copy.views
        var changes = fake.copy.changes().makeAsyncIterator()
        let made = try await views.create(
            View.Settings(name: "Archive", states: [.archived], sortField: "timestamp", ascending: true))
        #expect(made.version == 1)
        #expect(try await views.list().map(\.settings.name) == ["Archive", "Reading"])
        #expect(try await views.items(in: made.id).map(\.id) == ["n3"])
        #expect(
            try await views.groups(in: "reading").map { "\($0.key): \($0.items.map(\.id))" } == [
                "books: [\"n2\"]", "home: [\"n2\", \"n1\"]",
            ])
        await #expect(throws: MarfaError.self) {
            _ = try await views.change("reading", to: given.settings, baseVersion: 3)
        }
        let changed = try await views.change("reading", to: View.Settings(name: "Books", groupBy: nil), baseVersion: 4)
        #expect(changed.version == 5 && changed.settings.name == "Books")
        #expect(try await fake.copy.search("novel", inView: "reading").map(\.item.id) == ["n2"])
        try await views.delete(made.id)
        await #expect(throws: MarfaError.self) { try await views.delete(made.id) }
        #expect(try await views.list().map(\.id) == ["reading"])
        #expect(
            await next(3, of: &changes).map(\.summary) == ["refreshed views", "refreshed views", "refreshed views"])
    }
}
