import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// One page of an item's history, oldest first, with the writer of each write.
@Suite struct ItemSnapshotPageRoundTripTests {
    static let json = """
        {"snapshots": [
          {"version": 1, "type": "app.readinglist.entry", "tier": "library", "properties": {"title": "Dune"},
           "occurred_at": "2025-03-01T09:30:00Z", "source_id": null,
           "writer": {"kind": "app", "id": "client-1", "name": "Reading List"}, "created_at": "2025-03-01T10:00:00Z"},
          {"version": 2, "type": "app.readinglist.entry", "properties": {"title": "Dune", "pages": 412},
           "occurred_at": "2025-03-01T09:30:00Z", "source_id": "isbn:9780441013593",
           "writer": {"kind": "robot", "id": "r-7"}, "created_at": "2025-03-02T10:00:00Z"},
          {"version": 3, "type": "app.readinglist.entry", "properties": {},
           "writer": null, "created_at": "2025-03-03T10:00:00Z"}
        ], "next": 3}
        """

    @Test func readsEachWriterKind() throws {
        let page = try roundTrip(Components.Schemas.ItemSnapshotPage.self, Self.json)
        #expect(page.snapshots.map(\.version) == [1, 2, 3])
        #expect(page.next == 3)
        let writers = page.snapshots.map(\.writer)
        #expect(writers[0]?.value?.kind == .app)
        #expect(writers[0]?.value?.name == "Reading List")
        #expect(writers[1]?.value?.kind == .unknown("robot"))
        #expect(writers[1]?.value?.name == nil)
        #expect(writers[2] == .null)
    }

    @Test func keepsEachSnapshotsFields() throws {
        let page = try roundTrip(Components.Schemas.ItemSnapshotPage.self, Self.json)
        let first = page.snapshots[0]
        #expect(first._type == "app.readinglist.entry")
        #expect(first.tier == .library)
        #expect(first.sourceId == .null)
        #expect(first.occurredAt.map(ISO8601.string(from:)) == "2025-03-01T09:30:00Z")
        #expect(page.snapshots[1].sourceId == .value("isbn:9780441013593"))
        #expect(page.snapshots[1].properties["pages"] == .int(412))
        #expect(page.snapshots[2].occurredAt == nil)
    }

    @Test func readsTheLastPage() throws {
        let page = try roundTrip(Components.Schemas.ItemSnapshotPage.self, #"{"snapshots": [], "next": null}"#)
        #expect(page.snapshots.isEmpty)
        #expect(page.next == nil)
        #expect(try jsonValue(encoding: page)["next"] == .null)
    }
}
