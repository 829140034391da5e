import Foundation
import Marfa
import MarfaTesting
import Testing

/// Every call the fake can't answer exactly, each tested to refuse rather than answer differently.
@Suite("Fake copy: calls it refuses")
struct FakeUnsupportedTests {
    @Test("a filter, the journal, a create with a natural key, and unscripted displays and link candidates")
    func engineRefusals() async throws {
        let copy = Fixture.library().copy
        await expectUnsupported("items.list(filter:)") {
            _ = try await copy.items.list(ListFilters(filter: "properties.title = 'Groceries'"))
        }
        await expectUnsupported("changes(since:most:)") { _ = try await copy.changes(since: 0) }
        await expectUnsupported("items.displays") { _ = try await copy.items.displays(for: ["n1"]) }
        await expectUnsupported("items.displays") { _ = try await copy.items.displays(of: []) }
        await expectUnsupported("items.linkCandidates") {
            _ = try await copy.items.linkCandidates(of: "Groc", in: "n2")
        }
        await expectUnsupported("items.create(_:) with a sourceId") {
            _ = try await copy.items.create(Draft(type: "app.note", properties: ["title": "Keyed"], sourceId: "ext-1"))
        }
        #expect(try await copy.queue.all().isEmpty)
    }

    @Test("every folder call refuses, the settings writes and the folder's reads")
    func folders() async throws {
        let copy = Fixture.library().copy
        let settings = FolderSettings(title: "Notes", search: FolderSearch(types: ["app.note"]))
        await expectUnsupported("createFolder(_:idempotencyKey:)") { _ = try await copy.createFolder(settings) }
        await expectUnsupported("changeFolder(_:_:baseVersion:idempotencyKey:)") {
            _ = try await copy.changeFolder("f1", FolderSettingsChange(title: "Renamed"), baseVersion: 1)
        }
        await expectUnsupported("revokeFolder(_:idempotencyKey:)") { _ = try await copy.revokeFolder("f1") }
        await expectUnsupported("items.folder(_:)") { _ = try await copy.items.folder("f1") }
        await expectUnsupported("items.folder(_:)") { _ = try await copy.items.list(inFolder: "f1") }
        await expectUnsupported("items.folder(_:)") { _ = try await copy.search("note", inFolder: "f1") }
    }

    @Test("every file call refuses, and nothing is queued or written beside a store")
    func files() async throws {
        let copy = Fixture.library().copy
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fake-file-\(UUID().uuidString).txt")
        try Data("bytes".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let hash = "sha256:" + String(repeating: "ab", count: 32)
        await expectUnsupported("blobs.put(file:mimeType:)") { _ = try await copy.blobs.put(file: file) }
        await expectUnsupported("blobs.get(_:)") { _ = try await copy.blobs.get(hash) }
        await expectUnsupported("blobs.isHeld(_:)") { _ = try await copy.blobs.isHeld(hash) }
        await expectUnsupported("blobs.removeUnnamed()") { _ = try await copy.blobs.removeUnnamed() }
        await expectUnsupported("items.attach(to:file:_:)") { _ = try await copy.items.attach(to: "n1", file: file) }
        await expectUnsupported("items.attach(to:file:_:)") { _ = try await copy.items.embed(file: file, in: "n1") }
        await expectUnsupported("items.embedText(of:in:)") { _ = try await copy.items.embedText(of: "n1", in: "n2") }
        await expectUnsupported("items.thumbnail(_:)") { _ = try await copy.items.thumbnail("n1") }
        #expect(try await copy.queue.all().isEmpty)
    }

    @Test("a write that adds or drops a body link refuses before anything is queued; other body changes answer")
    func bodyLinks() async throws {
        let copy = WorkingCopy.fake(
            items: [
                Fixture.note("n1", "Groceries", body: "milk"), Fixture.note("n2", "Linked", body: "see [[Groceries]]"),
            ],
            itemTypes: [Fixture.noteType]
        ).copy
        await expectUnsupported("body links") {
            _ = try await copy.items.create(
                Draft(type: "app.note", properties: ["title": "New", "body": "see [[Groceries]]"]))
        }
        await expectUnsupported("body links") {
            _ = try await copy.items.update("n1", Edit(.merge(["body": "![[Linked]]"]), baseVersion: 1))
        }
        await expectUnsupported("body links") {
            _ = try await copy.items.update("n2", Edit(.merge(["body": "no link"]), baseVersion: 1))
        }
        await expectUnsupported("items.linkCandidates") { _ = try await copy.items.links(in: "n2") }
        #expect(try await copy.queue.all().isEmpty)
        _ = try await copy.items.update(
            "n2", Edit(.merge(["title": "Still linked", "body": "see [[groceries|the list]]"]), baseVersion: 1))
        _ = try await copy.items.update("n1", Edit(.merge(["body": "milk, [[ ]] and bread"]), baseVersion: 1))
        #expect(try await copy.items.links(in: "n1").isEmpty)
        #expect(try await copy.queue.all().map(\.kind) == [.updateItem, .updateItem])
    }

    @Test("a view with a filter is stored, and listing it refuses")
    func filteredView() async throws {
        let fake = Fixture.library()
        let view = try await fake.copy.views.create(
            View.Settings(name: "Shopping", filter: "properties.title = 'Groceries'"))
        #expect(try await fake.copy.views.list().map(\.id) == [view.id])
        await expectUnsupported("items.list(filter:)") { _ = try await fake.copy.views.items(in: view.id) }
        await expectUnsupported("items.list(filter:)") { _ = try await fake.copy.views.groups(in: view.id) }
    }

    @Test("the calls that need a server: hydration, catching up, pins, the key, purge and the bin")
    func serverCalls() async throws {
        let copy = Fixture.library().copy
        await expectUnsupported("hydrate(types:tier:edgeTypes:)") {
            _ = try await copy.hydrate(types: ["app.note"], tier: .library)
        }
        await expectUnsupported("catchUp()") { _ = try await copy.catchUp() }
        await expectUnsupported("pin(_:)") { _ = try await copy.pin("n1") }
        await expectUnsupported("unpin(_:)") { _ = try await copy.unpin("n1") }
        await expectUnsupported("useKey(_:)") { try await copy.useKey("mk_test") }
        await expectUnsupported("items.purge(_:)") { try await copy.items.purge("n4") }
        await expectUnsupported("items.bin(type:after:limit:)") { _ = try await copy.items.bin() }
        #expect(try await copy.items.list(ListFilters(allStates: true)).count == 6)
    }
}
