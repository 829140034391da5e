import Foundation
import Marfa
import MarfaTesting
import Testing

/// The code of the fake copy's part of the "Testing your app" article (MarfaTesting.docc/TestingYourApp.md).
@Suite struct FakeCopySnippets {
    /// The app's model the article hands a fake copy to.
    final class NotesModel: Sendable {
        let copy: WorkingCopy
        init(copy: WorkingCopy) { self.copy = copy }
        func notes() async throws -> [Item] { try await copy.items.list(ListFilters(type: "app.note")) }
    }

    static let noteType = ItemType(
        id: "app.note", fields: [TypeField(name: "title", type: "string", required: true, declaredBy: "app.note")],
        titleField: "title")
    static let note = Item(id: "note-1", type: "app.note", properties: ["title": "First note"])

    @Test func aModelReadsAFakeCopy() async throws {
        let (note, noteType) = (Self.note, Self.noteType)
        // snippet.begin: testing-fake-copy
        let fake = WorkingCopy.fake(items: [note], itemTypes: [noteType])
        let model = NotesModel(copy: fake.copy)

        #expect(try await model.notes().map(\.title) == ["First note"])
        // snippet.end
    }

    @Test func aScriptedVerdictRefusesAWrite() async throws {
        let fake = WorkingCopy.fake(items: [Self.note], itemTypes: [Self.noteType])
        // snippet.begin: testing-fake-copy-verdicts
        fake.verdict = { write in
            write.kind == .createItem
                ? .refused(Refusal(reason: "validation_error", message: "That title is too long.")) : .accepted
        }
        _ = try await fake.copy.items.create(Draft(type: "app.note", properties: ["title": "A very long title"]))
        let report = try await fake.copy.queue.drain()

        #expect(report.verdicts.map(\.verdict?.isSuccess) == [false])
        #expect(try await fake.copy.items.list().map(\.id) == ["note-1"])  // the refused create is gone
        #expect(fake.writes.map(\.kind) == [.createItem])  // kept after the queue lets it go
        // snippet.end
    }

    @Test func anOfflineCopyKeepsItsWrites() async throws {
        let fake = WorkingCopy.fake(items: [Self.note], itemTypes: [Self.noteType])
        // snippet.begin: testing-fake-copy-offline
        var updates = fake.copy.updates().makeAsyncIterator()
        #expect(await updates.next() == .local)  // a fake has no server

        let offline = CopyUpdate.offline(.noConnection(message: "You're offline."))
        fake.sendUpdate(offline)
        #expect(await updates.next() == offline)

        fake.verdict = { _ in nil }  // the server is lost: a drain leaves the writes unanswered
        _ = try await fake.copy.tags.add("later", to: "note-1")
        #expect(try await fake.copy.queue.drain().undelivered == 1)
        #expect(try await fake.copy.status().unsent == 1)
        // snippet.end
    }
}
