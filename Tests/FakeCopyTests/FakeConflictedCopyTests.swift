import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: conflicted copies and records")
struct FakeConflictedCopyTests {
    private struct Note: Codable, Equatable {
        var title: String
        var body: String
    }

    /// An original `o`, two conflicted copies linked to it (`c2` linked first), one in the bin, and an
    /// untagged item with a `derived-from` edge too.
    private static func fake() -> FakeCopy {
        WorkingCopy.fake(
            items: [
                Fixture.note("o", "Plan"), Fixture.note("c1", "Plan", body: "mine", tags: ["conflicted-copy"]),
                Fixture.note("c2", "Plan", body: "theirs", tags: ["conflicted-copy"]),
                Fixture.note("c3", "Plan", state: .trashed, tags: ["conflicted-copy"]),
                Fixture.note("d", "Draft of the plan"),
            ],
            edges: [
                Fixture.edge("e1", "c1", "o", type: "derived-from", at: 20),
                Fixture.edge("e2", "c2", "o", type: "derived-from", at: 10),
                Fixture.edge("e3", "c3", "o", type: "derived-from", at: 5),
                Fixture.edge("e4", "d", "o", type: "derived-from", at: 1),
            ],
            itemTypes: [Fixture.noteType], edgeTypes: [EdgeType(id: "derived-from")])
    }

    @Test(
        "the fake answers the conflicted-copy reads as a store does: oldest link first, the bin and untagged items left out"
    )
    func conflictedCopies() async throws {
        let items = Self.fake().copy.items
        #expect(try await items.conflictedCopies(of: "o").map(\.id) == ["c2", "c1"])
        #expect(try await items.original(ofConflictedCopy: "c1") == "o")
        #expect(try await items.original(ofConflictedCopy: "d") == nil)
        #expect(try await items.original(ofConflictedCopy: "absent") == nil)
    }

    @Test("a record written to the fake reads back as the same record")
    func recordRoundTrip() async throws {
        let copy = Self.fake().copy
        let note = Note(title: "Written from a struct", body: "with its own keys")
        let write = try await copy.items.create(try Draft(type: "app.note", encoding: note))
        let id = try #require(write.itemId)
        let item = try #require(try await copy.items.get(id))
        #expect(try item.decode(Note.self) == note && item.title == "Written from a struct")
    }
}
