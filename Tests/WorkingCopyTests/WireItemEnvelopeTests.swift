import Foundation
import MarfaOpenAPIRuntime
import Testing

@testable import Marfa

/// The straight reading of item envelopes gives exactly what the generated decoding gives, and
/// leaves every row it doesn't read plainly to that decoding.
@Suite struct WireItemEnvelopeTests {
    static let full = #"""
        {"item":{"id":"0190a0b0-0000-7000-8000-000000000001","type":"core.note","properties":{"z":1,"title":"T","nested":{"b":[1,2.5,null],"a":true}},
        "state":"archived","tier":"feed","space_id":null,"version":3,"schema_version":2,"source":"app","source_id":"k-1",
        "orphaned":false,"device":"phone","capture_latitude":52.5,"capture_longitude":13,"timestamp":"2026-01-02T03:04:05.123Z",
        "created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-03T00:00:00+02:00","future_field":{"x":1}},
        "metadata":{"item_id":"0190a0b0-0000-7000-8000-000000000001","tags":["a","b"],"extensions":{"ns":{"k":"v"}}},
        "acknowledged":true,"listed":false}
        """#
    static let minimal = #"""
        {"item":{"id":"i","type":"t","properties":{},"state":"active","version":1.0,"schema_version":1,"source":"",
        "timestamp":"2026-01-02T03:04:05Z","created_at":"2026-01-02T03:04:05Z","updated_at":"2026-01-02T03:04:05Z"},
        "metadata":{"item_id":"i","tags":[],"extensions":{}}}
        """#

    static func json(_ text: String) throws -> JSONValue { try JSONCoding.value(from: Array(text.utf8)) }

    static func generated(_ value: JSONValue) throws -> Components.Schemas.ItemEnvelope {
        try JSONValueDecoder.decode(Components.Schemas.ItemEnvelope.self, from: value)
    }

    @Test(arguments: [
        full, minimal, minimal.replacing(#""state":"active""#, with: #""state":"someday""#),
        minimal.replacing(#""version":1.0"#, with: #""version":1, "space_id":"s-1", "tier":null"#),
    ])
    func readsWhatTheGeneratedDecodingReads(_ text: String) throws {
        let value = try Self.json(text)
        let plain = try #require(WireItemEnvelope.read(value))
        #expect(plain == (try Self.generated(value)))
    }

    @Test(arguments: [
        (#""id":"i","#, #""#),  // a required member missing
        (#""version":1.0"#, #""version":"1""#),  // of another kind
        (#""version":1.0"#, #""version":1.5"#),  // not whole
        (#""timestamp":"2026-01-02T03:04:05Z""#, #""timestamp":"yesterday""#),
        (#""tags":[]"#, #""tags":[7]"#),
        (#""source":"""#, #""source":"","edges":{"references":{"data":[]}}"#),
        (#""extensions":{}}}"#, #""extensions":{}},"conflict_resolution":{"strategy":"server_wins"}}"#),
    ])
    func leavesOtherShapesToTheGeneratedDecoding(_ change: (String, String)) throws {
        let text = Self.minimal.replacing(change.0, with: change.1)
        #expect(text != Self.minimal)
        #expect(WireItemEnvelope.read(try Self.json(text)) == nil, "\(text)")
    }

    /// The rows the local instance lists as a hydration asks for them all take the straight path.
    @Test func theLocalInstancesListingRowsAreReadStraight() async throws {
        try await CopyTestInstance.with { local in
            try await local.createItem("core.note", properties: #"{"title":"One","body":"first"}"#)
            try await local.createItem("core.task", properties: #"{"title":"Two"}"#, extra: #","tags":["x"]"#)
            let page = try await local.send(.get, "/items?tier=library&state=any&include=metadata&limit=200").body
            let rows = try #require(page["data"]?.array)
            #expect(rows.count == 2)
            for row in rows {
                let plain = try #require(WireItemEnvelope.read(row), "\(row)")
                #expect(plain == (try Self.generated(row)))
            }
        }
    }
}
