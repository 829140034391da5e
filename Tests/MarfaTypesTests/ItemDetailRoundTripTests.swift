import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// `getItem`'s answer: an item with properties of every JSON kind, hydrated edges, metadata with
/// tags and extensions, and inbound edges.
@Suite struct ItemDetailRoundTripTests {
    static let itemID = "0190f3c2-7a1b-7c3d-8e4f-5a6b7c8d9e0f"
    static let seriesID = "0190f3c2-7a1b-7c3d-8e4f-000000000001"

    static let json = """
        {
          "item": {
            "id": "\(itemID)",
            "type": "app.readinglist.entry",
            "properties": {
              "title": "Dune", "pages": 412, "rating": 4.5, "finished": false, "notes": null,
              "authors": ["Frank Herbert"], "series": {"name": "Dune Chronicles", "position": 1}
            },
            "state": "active",
            "tier": "library",
            "space_id": null,
            "version": 3,
            "schema_version": 1,
            "source": "app.readinglist",
            "source_id": "isbn:9780441013593",
            "capture_latitude": 52.52,
            "capture_longitude": 13.405,
            "timestamp": "2025-03-01T09:30:00Z",
            "created_at": "2025-03-01T09:30:00.125Z",
            "updated_at": "2025-03-02T18:00:00Z",
            "edges": {
              "part-of": {
                "edges": [{
                  "id": "0190f3c2-7a1b-7c3d-8e4f-0000000000e1",
                  "source_id": "\(itemID)",
                  "target_id": "\(seriesID)",
                  "edge_type": "part-of",
                  "properties": {"order": 1},
                  "created_at": "2025-03-01T09:31:00Z",
                  "updated_at": "2025-03-01T09:31:00Z",
                  "version": 1
                }],
                "has_more": true,
                "next_cursor": "cursor-2"
              }
            }
          },
          "metadata": {
            "item_id": "\(itemID)",
            "tags": ["sci-fi", "to-read"],
            "extensions": {"app.readinglist": {"shelf": "bedroom", "lent_to": null}}
          },
          "backrefs": {"cites": {"edges": [], "has_more": false}},
          "neighbors_truncated": false,
          "neighbors_omitted": 2
        }
        """

    @Test func roundTripsWithEveryField() throws {
        let detail = try roundTrip(Components.Schemas.ItemDetail.self, Self.json)
        let item = detail.item
        #expect(item.id == Self.itemID)
        #expect(item._type == "app.readinglist.entry")
        #expect(item.state == .active)
        #expect(item.tier == .library)
        #expect(item.spaceId == .null)
        #expect(item.version == 3)
        #expect(item.sourceId == "isbn:9780441013593")
        #expect(item.captureLatitude == 52.52)
        #expect(ISO8601.string(from: item.createdAt) == "2025-03-01T09:30:00.125Z")
        #expect(item.properties["pages"] == .int(412))
        #expect(item.properties["rating"] == .double(4.5))
        #expect(item.properties["notes"] == .null)
        #expect(item.properties["series"]?["position"] == .int(1))
        #expect(item.properties["authors"] == ["Frank Herbert"])
    }

    @Test func keepsEdgesByType() throws {
        let detail = try roundTrip(Components.Schemas.ItemDetail.self, Self.json)
        let block = try #require(detail.item.edges?.additionalProperties["part-of"])
        #expect(block.hasMore)
        #expect(block.nextCursor == "cursor-2")
        let edge = try #require(block.edges.first)
        #expect(edge.sourceId == Self.itemID)
        #expect(edge.targetId == Self.seriesID)
        #expect(edge.edgeType == "part-of")
        #expect(edge.properties["order"] == .int(1))
        #expect(edge.spaceId == nil)
        #expect(detail.backrefs?.additionalProperties["cites"]?.edges == [])
        #expect(detail.neighbors == nil)
        #expect(detail.neighborsOmitted == 2)
    }

    @Test func keepsMetadata() throws {
        let detail = try roundTrip(Components.Schemas.ItemDetail.self, Self.json)
        #expect(detail.metadata.itemId == Self.itemID)
        #expect(detail.metadata.tags == ["sci-fi", "to-read"])
        #expect(detail.metadata.extensions["app.readinglist"]?["shelf"] == "bedroom")
        #expect(detail.metadata.extensions["app.readinglist"]?["lent_to"] == .null)
    }

    @Test func refusesAnItemWithoutItsRequiredFields() {
        #expect(throws: (any Error).self) {
            try JSONCoding.decode(
                Components.Schemas.ItemDetail.self,
                from: .init(#"{"item": {"id": "x"}, "metadata": {"item_id": "x", "tags": [], "extensions": {}}}"#.utf8))
        }
    }
}
