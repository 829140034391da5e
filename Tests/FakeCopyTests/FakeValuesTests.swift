import Foundation
import Marfa
import MarfaTesting
import Testing

@Suite("Fake copy: ordered values and the official edge type fields")
struct FakeValuesTests {
    @Test("an item's properties keep their order through the fake, as through a store")
    func orderKept() async throws {
        let fake = WorkingCopy.fake(itemTypes: [Fixture.noteType])
        var properties: JSONObject = ["title": "T", "zeta": 1, "alpha": ["b": 1, "a": 2]]
        properties["mid"] = "m"
        let write = try await fake.copy.items.create(Draft(type: "app.note", properties: properties))
        let id = try #require(write.itemId)
        let held = try #require(try await fake.copy.items.get(id)).properties
        #expect(held.keys == ["title", "zeta", "alpha", "mid"] && held["alpha"]?.object?.keys == ["b", "a"])
    }

    @Test("the catalog answers an edge type's reverse name, writing end and shipped flag as given")
    func edgeTypeFields() async throws {
        let cites = EdgeType(id: "app.cites", reverseName: "cited by", writtenAt: .target, shipped: false)
        let fake = WorkingCopy.fake(edgeTypes: [cites, EdgeType(id: "parent-of", shipped: true)])
        let read = try await fake.copy.catalog.edgeType("app.cites")
        #expect(read == cites && read.writtenAt == .target && read.reverseName == "cited by")
        #expect(try await fake.copy.catalog.edgeType("parent-of").shipped)
    }
}
