import Foundation
import Marfa
import Testing

@Suite("Working copy: views")
struct ViewTests {
    @Test("views are made, changed and deleted on the instance, held in the copy, and read sorted and grouped")
    func viewLifecycle() async throws {
        try await CopyTestInstance.with { test in
            let apple = try await test.createItem("core.note", properties: #"{"title": "apple", "rank": 2}"#)
            let pear = try await test.createItem("core.note", properties: #"{"title": "pear", "rank": 1}"#)
            let plum = try await test.createItem("core.note", properties: #"{"title": "plum", "rank": 3}"#)
            try await test.send(.post, "/items/\(apple)/tags", json: #"{"tags": ["red", "sweet"]}"#)
            try await test.send(.post, "/items/\(plum)/tags", json: #"{"tags": ["sweet"]}"#)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.note"], tier: .library)
            let changes = copy.changes()
            let view = try await copy.views.create(
                View.Settings(
                    name: "Fruit", types: ["core.note"], sortField: "properties.rank", ascending: true, groupBy: "tag"))
            #expect(try await copy.views.list().map(\.id) == [view.id])
            #expect(try await test.send(.get, "/views/\(view.id)").status == 200)
            #expect(try await copy.views.items(in: view.id).map(\.id) == [pear, apple, plum])
            let groups = try await copy.views.groups(in: view.id)
            #expect(groups.map(\.key) == ["", "red", "sweet"])
            #expect(groups.map { $0.items.map(\.id) } == [[pear], [apple], [apple, plum]])
            #expect(try await copy.search("apple", inView: view.id).map(\.item.id) == [apple])
            let told = try await first(changes) { change in
                if case .refreshed(.views) = change.origin { return true }
                return false
            }
            #expect(told != nil)
            var settings = view.settings
            settings.groupBy = "type"
            settings.ascending = false
            let changed = try await copy.views.change(view.id, to: settings, baseVersion: view.version)
            #expect(changed.version > view.version)
            #expect(try await copy.views.groups(in: view.id).map(\.key) == ["core.note"])
            #expect(try await copy.views.items(in: view.id).map(\.id) == [plum, apple, pear])
            try await copy.views.delete(view.id)
            #expect(try await copy.views.list().isEmpty)
            #expect(try await test.send(.get, "/views/\(view.id)").status == 404)
            await copy.close()
        }
    }

    @Test(
        "a view's filter the copy can answer is answered; one it can't throws invalid; hydration reads views made elsewhere"
    )
    func filtersAndHydration() async throws {
        try await CopyTestInstance.with { test in
            let done = try await test.createItem("core.task", properties: #"{"title": "Done", "done": true}"#)
            try await test.createItem("core.task", properties: #"{"title": "Open", "done": false}"#)
            let answered = try await test.send(
                .post, "/views",
                json: #"{"name": "Done", "search": {"types": ["core.task"], "filter": "properties.done = true"}}"#)
            let unanswerable = try await test.send(
                .post, "/views", json: #"{"name": "Linked", "search": {"filter": "edges.references EXISTS"}}"#)
            #expect(answered.status == 201 && unanswerable.status == 201)
            let copy = try await test.open()
            _ = try await copy.hydrate(types: ["core.task"], tier: .library)
            let views = try await copy.views.list()
            #expect(views.map(\.settings.name) == ["Done", "Linked"])
            #expect(try await copy.views.items(in: views[0].id).map(\.id) == [done])
            do {
                _ = try await copy.views.items(in: views[1].id)
                Issue.record("a filter the copy can't answer was answered")
            } catch let error as MarfaError {
                #expect(error.code() == "invalid")
            }
            await copy.close()
        }
    }
}
