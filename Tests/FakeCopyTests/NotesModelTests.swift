import Foundation
import Marfa
import MarfaTesting
import NotesExample
import Testing

/// The example model, tested only through a fake copy: how an app tests its offline states and
/// the server's verdicts without a server.
@MainActor
@Suite("NotesModel through a fake copy")
struct NotesModelTests {
    static let noteType = ItemType(
        id: "app.note", fields: [TypeField(name: "title", type: "string", required: true, declaredBy: "app.note")],
        titleField: "title")
    static let note = Item(
        id: "note-1", type: "app.note", properties: ["title": "First note"], createdAt: Fixture.date(0))

    @Test("the seed's sample: a fake handed to a model object")
    func seedSample() async throws {
        let fake = WorkingCopy.fake(items: [Self.note], itemTypes: [Self.noteType])
        let model = NotesModel(copy: fake.copy)
        try await model.load()
        #expect(model.notes.map(\.title) == ["First note"])
    }

    @Test("offline: the banner says so, a new note shows at once and waits; back online, a sync sends it")
    func offline() async throws {
        let fake = WorkingCopy.fake(items: [Self.note], itemTypes: [Self.noteType])
        let model = NotesModel(copy: fake.copy)
        var banners = model.banners.makeAsyncIterator()
        let following = Task { await model.followConnection() }
        #expect(await banners.next() == NotesModel.Banner.none)

        fake.sendUpdate(.offline(.noConnection(message: "You're offline.")))
        #expect(await banners.next() == .offline("You're offline."))
        fake.verdict = { _ in nil }
        try await model.add(title: "Written offline")
        #expect(model.notes.map(\.title) == ["Written offline", "First note"])
        try await model.sync()
        #expect(model.unsent == 1 && model.problems.isEmpty)

        fake.sendUpdate(.following)
        #expect(await banners.next() == NotesModel.Banner.none)
        fake.verdict = { _ in .accepted }
        try await model.sync()
        #expect(model.unsent == 0 && model.notes.first?.version == 1)

        fake.sendUpdate(.stopped(.unauthorized(code: "unauthorized", message: "Sign in again.")))
        #expect(await banners.next() == .stopped("Sign in again."))
        await fake.copy.close()
        await following.value
        #expect(await banners.next() == nil)
    }

    @Test("a refused note goes away and the model says why; a refused rename goes back")
    func refused() async throws {
        let fake = WorkingCopy.fake(items: [Self.note], itemTypes: [Self.noteType])
        let model = NotesModel(copy: fake.copy)
        try await model.load()
        try await model.add(title: String(repeating: "long ", count: 40))
        try await model.rename("note-1", to: "Renamed")
        #expect(model.notes.map(\.title).contains("Renamed"))
        fake.verdict = { _ in .refused(Refusal(reason: "validation_error", message: "That title is too long.")) }
        try await model.sync()
        #expect(model.notes.map(\.title) == ["First note"])
        #expect(model.problems == ["That title is too long.", "That title is too long."])
        #expect(fake.writes.map(\.kind) == [.createItem, .updateItem])
    }
}
