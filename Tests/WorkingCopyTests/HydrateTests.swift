import Foundation
import Marfa
import Testing

@Suite("Working copy: hydrate and read offline")
struct HydrateTests {
    @Test("hydrate holds the slice's items with metadata, its edges and the catalog; reads answer from the store")
    func hydrateAndRead() async throws {
        try await CopyTestInstance.with { test in
            let first = try await test.createItem("core.note", properties: #"{"title": "First", "body": "Hello"}"#)
            let second = try await test.createItem("core.note", properties: #"{"title": "Second"}"#)
            let task = try await test.createItem("core.task", properties: #"{"title": "Not held"}"#)
            try await test.send(.post, "/items/\(first)/tags", json: #"{"tags": ["reading"]}"#)
            let edge = try await test.createEdge("references", from: first, to: second)
            try await test.createEdge("references", from: task, to: task == first ? second : first)
            let copy = try await test.open()
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(report.items == 2 && report.types == ["core.note"] && report.tier == .library)
            #expect(report.pages >= 2)
            let status = try await copy.status()
            #expect(status.hydration == .complete && status.items == 2 && status.eventCursor == report.cursor)
            #expect(status.instanceId == test.instance.instanceID)
            let items = try await copy.items.list()
            #expect(Set(items.map(\.id)) == [first, second])
            let held = try #require(try await copy.items.get(first))
            #expect(held.title == "First" && held.body == "Hello" && held.tags == ["reading"])
            #expect(try await copy.items.get(task) == nil)
            #expect(try await copy.edges.from(first).map(\.id) == [edge])
            #expect(try await copy.edges.to(second).map(\.id) == [edge])
            let note = try await copy.catalog.itemType("core.note")
            #expect(note.titleField == "title" && note.icon == "lucide:sticky-note")
            #expect(Set(note.fields.map(\.name)).isSuperset(of: ["title", "body"]))
            #expect(try await copy.tags.of(first) == ["reading"])
            await copy.close()
        }
    }

    @Test("the list filters, sort, limit and offset answer as documented")
    func listFilters() async throws {
        try await CopyTestInstance.with { test in
            var ids: [String] = []
            for index in 0..<5 {
                ids.append(
                    try await test.createItem("core.note", properties: #"{"title": "n\#(index)", "rank": \#(index)}"#))
            }
            try await test.send(.post, "/items/\(ids[1])/tags", json: #"{"tags": ["a", "b"]}"#)
            try await test.send(.post, "/items/\(ids[2])/tags", json: #"{"tags": ["a"]}"#)
            try await test.send(.delete, "/items/\(ids[4])")
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(try await copy.items.list().map(\.id) == Array(ids[0..<4].reversed()))
            #expect(try await copy.items.list(sort: Sort(direction: .ascending)).map(\.id) == Array(ids[0..<4]))
            #expect(try await copy.items.list(ListFilters(allStates: true)).count == 5)
            #expect(try await copy.items.list(ListFilters(state: .trashed)).map(\.id) == [ids[4]])
            #expect(try await copy.items.get(ids[4]) == nil)
            #expect(
                try await copy.items.list(ListFilters(tags: ["a"])).map(\.id).sorted() == [ids[1], ids[2]].sorted())
            #expect(try await copy.items.list(ListFilters(tags: ["a", "b"])).map(\.id) == [ids[1]])
            #expect(
                try await copy.items.list(ListFilters(limit: 2, offset: 1), sort: Sort(direction: .ascending)).map(\.id)
                    == [ids[1], ids[2]])
            #expect(
                try await copy.items.list(ListFilters(filter: "properties.rank >= 2")).map(\.id).sorted()
                    == [ids[2], ids[3]].sorted())
            #expect(try await copy.items.list(ListFilters(filter: "properties.title = 'n1'")).map(\.id) == [ids[1]])
            await #expect(throws: MarfaError.self) {
                _ = try await copy.items.list(ListFilters(filter: "title ~ 'x' OR y"))
            }
            do {
                _ = try await copy.items.list(ListFilters(type: "app.nothing.here"))
                Issue.record("an unknown type listed")
            } catch let error as MarfaError {
                #expect(error.code() == "unknown_type")
            }
            await copy.close()
        }
    }

    @Test("a key that can't read a named type is refused before anything is cleared")
    func reachChecked() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "Kept"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            await copy.close()
            let narrow = try await test.key(reading: ["core.task": "read"])
            let other = try await WorkingCopy.open(store: test.store(), server: try test.server(key: narrow))
            do {
                _ = try await other.hydrate(types: ["core.note"], tier: .library)
                Issue.record("a key that can't read core.note hydrated it")
            } catch let error as MarfaError {
                #expect(error.code() == "forbidden")
            }
            #expect(try await other.items.list().count == 1)
            #expect(try await other.status().hydration == .complete)
            await other.close()
        }
    }

    @Test("the type list is checked before anything is read")
    func typeListChecked() async throws {
        try await CopyTestInstance.with { test in
            let copy = try await test.open()
            for types in [[], ["*"], ["Core.Note"], ["note"], ["core..note"]] {
                do {
                    _ = try await copy.hydrate(types: types, tier: .library)
                    Issue.record("hydrate took \(types)")
                } catch let error as MarfaError {
                    #expect(error.code() == "invalid")
                }
            }
            #expect(try await copy.status().hydration == .never)
            await copy.close()
        }
    }

    @Test("an interrupted hydration refuses reads until one completes; pins and declarations survive")
    func interrupted() async throws {
        try await CopyTestInstance.with { test in
            for index in 0..<450 { try await test.createItem("core.note", properties: #"{"title": "n\#(index)"}"#) }
            let copy = try await test.open()
            let progress = Task {
                try await first(copy.updates()) { update in
                    if case .hydrating(let progress) = update { return progress.pages >= 1 }
                    return false
                }
            }
            let hydration = Task { try await copy.hydrate(types: ["core.note"], tier: .library) }
            _ = try await progress.value
            hydration.cancel()
            do {
                let report = try await hydration.value
                Issue.record("the hydration ran to the end (\(report.items) items) after it was canceled")
            } catch let error as MarfaError {
                #expect(error == .canceled)
            }
            #expect(try await copy.status().hydration == .inProgress)
            do {
                _ = try await copy.items.list()
                Issue.record("a read answered during an interrupted hydration")
            } catch let error as MarfaError {
                #expect(error.code() == "hydration_incomplete")
            }
            let report = try await copy.hydrate(types: ["core.note"], tier: .library)
            #expect(report.items == 450)
            #expect(try await copy.items.list().count == 450)
            await copy.close()
        }
    }

    @Test("the key is never written to the store")
    func keyNeverStored() async throws {
        try await CopyTestInstance.with { test in
            try await test.createItem("core.note", properties: #"{"title": "Secret keeper"}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            _ = try await copy.catchUp()
            await copy.close()
            let files = try FileManager.default.contentsOfDirectory(atPath: test.folder.path).filter {
                $0.hasPrefix("copy.sqlite")
            }
            #expect(files.contains("copy.sqlite"))
            for file in files {
                let bytes = try Data(contentsOf: test.folder.appendingPathComponent(file))
                #expect(bytes.range(of: Data(test.ownerKey.utf8)) == nil, "the key is in \(file)")
            }
        }
    }
}
