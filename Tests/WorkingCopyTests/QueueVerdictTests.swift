import Foundation
import Marfa
import Testing

@Suite("Working copy: blocked writes, the bin, the feed of verdicts")
struct QueueVerdictTests {
    /// A hydrated copy of a note the server holds at version 2 ("Base", then "Second"), and its id.
    static func copyOfAnEditedNote(_ test: CopyTestInstance) async throws -> (WorkingCopy, String) {
        let id = try await test.createItem("core.note", properties: #"{"title": "Base"}"#)
        try await test.updateItem(id, properties: #"{"title": "Second"}"#)
        let copy = try await test.open()
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        return (copy, id)
    }

    @Test(
        "an edit based on a version the server no longer keeps is blocked; release re-sends it under a fresh key; withdraw resets the row"
    )
    func ancestorUnavailable() async throws {
        try await CopyTestInstance.with { test in
            let (copy, id) = try await Self.copyOfAnEditedNote(test)
            let write = try await copy.items.updateAsRead(id, Edit(.merge(["title": "From nowhere"]), baseVersion: 0))
            #expect(try await copy.items.get(id)?.title == "From nowhere")
            let changes = copy.changes()
            let report = try await copy.queue.drain()
            guard case .blocked(.ancestorUnavailable, let refusal)? = report.verdicts.first?.verdict else {
                throw TestFailure("the edit was \(String(describing: report.verdicts.first?.verdict))")
            }
            #expect(refusal?.code == "ancestor_unavailable")
            let answered = try await first(changes) { change in
                if case .answered(let verdict) = change.origin { return verdict.id == write.id }
                return false
            }
            #expect(answered != nil)
            let key = try #require(try await copy.queue.all().first).idempotencyKey
            #expect(try await copy.queue.release(reason: .ancestorUnavailable) == 1)
            let released = try #require(try await copy.queue.all().first)
            #expect(released.verdict == nil && released.idempotencyKey != key)
            _ = try await copy.queue.drain()
            #expect(try await copy.queue.withdraw(write.id))
            #expect(try await copy.queue.all().isEmpty)
            #expect(try await copy.items.get(id)?.title == "Second")
            await copy.close()
        }
    }

    @Test(
        "a drain records 150 accepted creates in batches, a blocked edit among them recorded after every success before it: each create holds the server's version, and all stay recorded after a reopen"
    )
    func successesRecordedInBatches() async throws {
        try await CopyTestInstance.with { test in
            let (copy, id) = try await Self.copyOfAnEditedNote(test)
            var created: [String] = []
            for index in 0..<150 {
                if index == 100 {
                    _ = try await copy.items.updateAsRead(id, Edit(.merge(["title": "Stale"]), baseVersion: 0))
                }
                let write = try await copy.items.create(
                    Draft(type: "core.note", properties: ["title": .string("batched \(index)")]))
                created.append(try #require(write.itemId))
            }
            #expect(try await copy.items.get(created[0])?.version == 0)
            let report = try await copy.queue.drain()
            #expect(report.answered == 151)
            guard case .blocked(.ancestorUnavailable, _)? = report.verdicts[100].verdict else {
                throw TestFailure("the stale edit was \(String(describing: report.verdicts[100].verdict))")
            }
            let queue = try await copy.queue.all()
            #expect(queue.filter { $0.verdict == .accepted }.count == 150)
            for itemId in created {
                let item = try #require(try await copy.items.get(itemId))
                #expect(item.version == 1, "\(item.title ?? "") holds version \(item.version)")
            }
            await copy.close()
            let reopened = try await test.open()
            #expect(try await reopened.queue.all().filter { $0.verdict == .accepted }.count == 150)
            await reopened.close()
        }
    }

    @Test(
        "purge and bin go to the server at once; a purge waits for no queue and refuses while a write to the item waits"
    )
    func purgeAndBin() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Binned"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.items.delete(id)
            do {
                try await copy.items.purge(id)
                Issue.record("a purge ran while the delete waited")
            } catch let error as MarfaError {
                #expect(error.code() == "invalid")
            }
            _ = try await copy.queue.drain()
            let bin = try await copy.items.bin(type: "core.note")
            #expect(bin.items.map(\.id) == [id] && bin.items.first?.title == "Binned")
            try await copy.items.purge(id)
            #expect(try await copy.items.list(ListFilters(allStates: true)).isEmpty)
            #expect(try await copy.items.bin().items.isEmpty)
            await #expect(throws: MarfaError.self) { _ = try await copy.items.bin(limit: 0) }
            await copy.close()
        }
    }

    @Test("a copy without a server queues writes and refuses to drain with noServer; the writes survive a reopen")
    func queueWithoutServer() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            let offline = try await WorkingCopy.open(store: test.store())
            let write = try await offline.items.create(Draft(type: "core.note", properties: ["title": "Kept"]))
            do {
                _ = try await offline.queue.drain()
                Issue.record("a copy with no server drained")
            } catch let error as MarfaError {
                #expect(error.code() == "no_server")
            }
            await offline.close()
            let online = try await test.open()
            #expect(try await online.queue.all().map(\.id) == [write.id])
            #expect(try await online.queue.drain().answered == 1)
            await online.close()
        }
    }
}

@Suite("Working copy: conflicts resolved by the type's merge policy")
struct ConflictVerdictTests {
    @Test(
        "a stale edit colliding on a keep-both field is conflicted with a sibling; on a last-writer-wins field merged")
    func conflictedAndMerged() async throws {
        try await CopyTestInstance.with { test in
            let id = try await test.createItem("core.note", properties: #"{"title": "Shared", "body": "Original."}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let held = try #require(try await copy.items.get(id))
            let bodyEdit = try await copy.items.update(
                id, Edit(.merge(["body": "The copy's text."]), baseVersion: held.version))
            try await test.updateItem(id, properties: #"{"body": "Another device's text."}"#)
            let report = try await copy.queue.drain()
            guard
                case .conflicted(let sibling, let fields)? = report.verdicts.first(where: { $0.id == bodyEdit.id })?
                    .verdict
            else {
                throw TestFailure("the body edit was \(String(describing: report.verdicts.first?.verdict))")
            }
            #expect(fields == ["body"])
            let siblingOnServer = try await test.send(.get, "/items/\(sibling)")
            #expect(
                siblingOnServer.body["metadata"]?["tags"]?.array?.compactMap(\.string).contains("conflicted-copy")
                    == true)
            #expect(siblingOnServer.body["item"]?["properties"]?["body"]?.string == "The copy's text.")
            _ = try await copy.catchUp()
            #expect(try await copy.items.get(id)?.body == "Another device's text.")
            let current = try #require(try await copy.items.get(id))
            let titleEdit = try await copy.items.updateAsRead(
                id, Edit(.merge(["title": "The copy's title"]), baseVersion: current.version))
            try await test.updateItem(id, properties: #"{"title": "Another title"}"#)
            let second = try await copy.queue.drain()
            guard case .merged(let merged)? = second.verdicts.first(where: { $0.id == titleEdit.id })?.verdict else {
                throw TestFailure("the title edit was \(String(describing: second.verdicts.first?.verdict))")
            }
            #expect(merged == ["title"])
            await copy.close()
        }
    }
}
