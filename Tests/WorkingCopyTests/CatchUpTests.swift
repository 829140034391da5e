import Foundation
import Marfa
import Testing

@Suite("Working copy: catch up, follow, the change feed")
struct CatchUpTests {
    @Test("catch-up applies creates, updates, tags, deletes and edges after the cursor, and journals them")
    func catchUpApplies() async throws {
        try await CopyTestInstance.with { test in
            let kept = try await test.createItem("core.note", properties: #"{"title": "Kept"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let position = try await copy.status().changePosition
            let added = try await test.createItem("core.note", properties: #"{"title": "Added"}"#)
            try await test.updateItem(kept, properties: #"{"title": "Kept, renamed"}"#)
            try await test.send(.post, "/items/\(kept)/tags", json: #"{"tags": ["star"]}"#)
            let edge = try await test.createEdge("references", from: kept, to: added)
            try await test.createItem("core.task", properties: #"{"title": "Outside the slice"}"#)
            try await test.send(.delete, "/items/\(added)")
            let report = try await copy.catchUp()
            #expect(report.reachedHead)
            #expect(report.applied >= 5)
            #expect(try await copy.items.get(kept)?.title == "Kept, renamed")
            #expect(try await copy.items.get(kept)?.tags == ["star"])
            #expect(try await copy.items.get(added) == nil)
            #expect(try await copy.items.list(ListFilters(state: .trashed)).map(\.id) == [added])
            #expect(try await copy.edges.from(kept).map(\.id) == [edge])
            #expect(try await copy.items.list(ListFilters(type: "core.task")).isEmpty)
            let status = try await copy.status()
            #expect(status.eventCursor == report.cursor)
            let journal = try await copy.changes(since: position)
            let events = journal.compactMap { entry -> String? in
                if case .server(let event, _) = entry.change.origin { return event }
                return nil
            }
            #expect(
                events.contains("item.created") && events.contains("item.updated") && events.contains("edge.created"))
            #expect(events.contains("metadata.changed") && events.contains("item.deleted"))
            let again = try await copy.catchUp()
            #expect(again.applied == 0 && again.cursor >= report.cursor)
            await copy.close()
        }
    }

    @Test("catch-up before any hydration throws noCursor; a retype out of the slice evicts the row")
    func evictionAndNoCursor() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            do {
                _ = try await copy.catchUp()
                Issue.record("a never-hydrated copy caught up")
            } catch let error as MarfaError {
                #expect(error.code() == "no_cursor" && error.isHydrationNeeded)
            }
            let moving = try await test.createItem("core.note", properties: #"{"title": "Moving"}"#)
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let answer = try await test.send(.patch, "/items/\(moving)", json: #"{"version": 1, "tier": "feed"}"#)
            #expect(answer.status == 200)
            _ = try await copy.catchUp()
            #expect(try await copy.items.get(moving) == nil)
            #expect(try await copy.status().items == 0)
            await copy.close()
        }
    }

    @Test("while a changes() stream is held the copy follows the instance live")
    func followsLive() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let updates = copy.updates()
            let changes = copy.changes()
            _ = try await first(updates) { $0 == .following }
            let id = try await test.createItem("core.note", properties: #"{"title": "Live"}"#)
            let change = try await first(changes) { change in
                if case .server("item.created", _) = change.origin { return change.itemId == id }
                return false
            }
            #expect(change != nil)
            #expect(try await copy.items.get(id)?.title == "Live")
            await copy.close()
        }
    }

    @Test("pin holds an item outside the slice through hydrations; unpin lets it go; a missing item is notFound")
    func pins() async throws {
        try await CopyTestInstance.with { test in
            let task = try await test.createItem("core.task", properties: #"{"title": "Pinned"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.pin(task) == PinReport(pinned: true, wasPinned: false))
            #expect(try await copy.pin(task) == PinReport(pinned: true, wasPinned: true))
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.items.get(task)?.title == "Pinned")
            #expect(try await copy.status().pinned == [task])
            #expect(try await copy.unpin(task) == PinReport(pinned: false, wasPinned: true))
            #expect(try await copy.items.get(task) == nil)
            do {
                _ = try await copy.pin("019a0000-0000-7000-8000-000000000000")
                Issue.record("a missing item was pinned")
            } catch let error as MarfaError {
                #expect(
                    error
                        == .notFound(
                            code: "not_found",
                            message: "The server holds no item 019a0000-0000-7000-8000-000000000000 this key can read.")
                )
            }
            await copy.close()
        }
    }

    @Test("a second process reads the store while this one writes it, and sees the writes")
    func secondProcessReads() async throws {
        try await CopyTestInstance.with { test in
            for index in 0..<3 { try await test.createItem("core.note", properties: #"{"title": "n\#(index)"}"#) }
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try runProbe(["read", test.store().path]) == "handle=reader items=3")
            try await test.createItem("core.note", properties: #"{"title": "n3"}"#)
            _ = try await copy.catchUp()
            #expect(try runProbe(["read", test.store().path]) == "handle=reader items=4")
            let reader = try await WorkingCopy.openReader(store: test.store())
            #expect(reader.handle == .reader)
            #expect(try await reader.items.list().count == 4)
            await reader.close()
            await copy.close()
        }
    }
}
