import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

/// The event stream's `data:` payloads: a `oneOf` told apart by `event_type`, open to frames this
/// build does not know.
@Suite struct EventFrameRoundTripTests {
    @Test func readsAnItemEventByItsEventType() throws {
        let json = """
            {"event_type": "item.updated", "listed": true,
             "item": {"id": "i-1", "type": "core.note", "properties": {"title": "Groceries"}, "state": "active",
                      "version": 7, "schema_version": 1, "source": "app.notes",
                      "timestamp": "2025-04-01T08:00:00Z", "created_at": "2025-04-01T08:00:00Z", "updated_at": "2025-04-02T08:00:00Z"},
             "metadata": {"item_id": "i-1", "tags": [], "extensions": {}}}
            """
        let frame = try roundTrip(Components.Schemas.EventFrame.self, json)
        guard case .itemEventFrame(let event) = frame else {
            Issue.record("expected an item event, read \(frame)")
            return
        }
        #expect(event.eventType == .itemUpdated)
        #expect(event.item.version == 7)
        #expect(event.item.properties["title"] == "Groceries")
        #expect(event.listed == true)
        #expect(event.trashedByCascade == nil)
    }

    @Test func keepsAnEventTypeThisBuildDoesNotKnow() throws {
        let json = #"{"event_type": "item.teleported", "item_id": "i-1", "to": "mars", "hops": 3, "via": null}"#
        let frame = try roundTrip(Components.Schemas.EventFrame.self, json)
        guard case .unknown(let payload) = frame else {
            Issue.record("expected the unknown case, read \(frame)")
            return
        }
        #expect(payload["event_type"] == "item.teleported")
        #expect(payload["to"] == "mars")
        #expect(payload["hops"] == .int(3))
        #expect(payload["via"] == .null)
    }

    @Test func readsAStreamThatEndsBecauseTheServerStops() throws {
        let json = #"{"event_type": "stream_incomplete", "reason": "server_stopping", "cursor": "1842"}"#
        let frame = try roundTrip(Components.Schemas.EventFrame.self, json)
        guard case .streamIncompleteFrame(let end) = frame else {
            Issue.record("expected stream_incomplete, read \(frame)")
            return
        }
        #expect(end.eventType == .streamIncomplete)
        #expect(end.reason == .serverStopping)
        #expect(end.cursor == "1842")
    }

    @Test func keepsAnIncompleteReasonThisBuildDoesNotKnowAndANullCursor() throws {
        let json = #"{"event_type": "stream_incomplete", "reason": "disk_full", "cursor": null}"#
        let frame = try roundTrip(Components.Schemas.EventFrame.self, json)
        guard case .streamIncompleteFrame(let end) = frame else {
            Issue.record("expected stream_incomplete, read \(frame)")
            return
        }
        #expect(end.reason == .unknown("disk_full"))
        #expect(end.cursor == nil)
        #expect(try jsonValue(encoding: frame)["cursor"] == .null)
    }

    @Test func readsTheOpeningCursorMarker() throws {
        let frame = try roundTrip(
            Components.Schemas.EventFrame.self,
            #"{"event_type": "stream_cursor", "cursor": "0", "instance_id": "0190aaaa-0000-7000-8000-000000000000", "read_view": "\#(String(repeating: "ab", count: 32))"}"#
        )
        guard case .streamCursorFrame(let marker) = frame else {
            Issue.record("expected stream_cursor, read \(frame)")
            return
        }
        #expect(marker.cursor == "0")
        #expect(marker.readView?.count == 64)
    }
}
