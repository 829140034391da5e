import Foundation
import MarfaOpenAPIRuntime
import MarfaTypes
import Testing

@testable import MarfaLocal

/// `ItemJSONText` writes the same bytes as the generated types through `JSONCoding`, sorted and in
/// schema order, for items with every optional member set and unset, and for envelopes, pages and
/// event frames built from them.
@Suite struct ItemJSONTextTests {
    /// Items covering the members `ItemRecord.wire` leaves out or writes, odd text and numbers.
    static var records: [ItemRecord] {
        let properties: OpenAPIObject = [
            "title": "Caf\u{e9} \"quoted\" \\ back/slash \u{1}\n\t",
            "zeta": .int(-42), "alpha": .double(1.5e-7), "whole": .double(3.0), "flag": .bool(false),
            "nothing": .null, "list": .array([.int(1), .string("\u{1F600}"), .object(["b": .int(1), "a": .int(2)])]),
        ]
        var plain = ItemRecord(
            id: "0190a000-0000-7000-8000-000000000001", type: "core.note", properties: [:], state: "active",
            tier: "library", source: "app", sourceID: nil, timestamp: Date(timeIntervalSince1970: 0),
            now: Date(timeIntervalSince1970: 1_700_000_000.123456), tags: [])
        plain.seq = 1
        var full = ItemRecord(
            id: "0190a000-0000-7000-8000-000000000002", type: "x.custom", properties: properties, state: "weird",
            tier: "feed", source: "s\u{e9}", sourceID: "natural/1", timestamp: Date(timeIntervalSince1970: -86_401.5),
            now: Date(timeIntervalSince1970: 1_800_000_000.999_999_7), tags: ["b", "a", "\u{e9}t\u{e9}"])
        full.device = "phone \"1\""
        full.captureLatitude = 51.5
        full.captureLongitude = -0.000_012_5
        full.orphaned = true
        full.version = 9_007_199_254_740_993
        full.trashedWith = "ignored"
        return [plain, full]
    }

    static let extensions: [OpenAPIObject] = [[:], ["z.ns": .object(["k": .int(1), "a": .array([])]), "a.ns": .null]]

    static func expected(_ value: some Encodable, sorted: Bool) throws -> String {
        String(decoding: try JSONCoding.encode(value, sortingKeys: sorted), as: UTF8.self)
    }

    static func written(_ body: (inout ItemJSONText) -> Void, sorted: Bool) -> String {
        var text = ItemJSONText(sorted: sorted)
        body(&text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test(arguments: [true, false]) func writesItemsAndEnvelopesAsTheGeneratedTypes(sorted: Bool) throws {
        for (record, extensions) in zip(Self.records, Self.extensions) {
            #expect(
                Self.written({ $0.item(record) }, sorted: sorted) == (try Self.expected(record.wire, sorted: sorted)))
            let metadata = Components.Schemas.ItemMetadata(itemId: record.id, tags: record.tags, extensions: extensions)
            #expect(
                Self.written({ $0.metadata(of: record, extensions: extensions) }, sorted: sorted)
                    == (try Self.expected(metadata, sorted: sorted)))
            for (acknowledged, listed) in [(nil, nil), (true, nil), (nil, true), (false, true)] as [(Bool?, Bool?)] {
                let envelope = Components.Schemas.ItemEnvelope(
                    item: record.wire, metadata: metadata, acknowledged: acknowledged, listed: listed)
                let text = Self.written(
                    { $0.envelope(of: record, extensions: extensions, acknowledged: acknowledged, listed: listed) },
                    sorted: sorted)
                #expect(text == (try Self.expected(envelope, sorted: sorted)))
            }
            for listed in [nil, true] as [Bool?] {
                let detail = Components.Schemas.ItemDetail(item: record.wire, metadata: metadata, listed: listed)
                let text = Self.written(
                    { $0.envelope(of: record, extensions: extensions, listed: listed) }, sorted: sorted)
                #expect(text == (try Self.expected(detail, sorted: sorted)), "an ItemDetail without versions")
            }
        }
    }

    @Test(arguments: [true, false]) func writesPagesAsTheListingsPayload(sorted: Bool) throws {
        let rows = Array(zip(Self.records, Self.extensions))
        typealias Payload = Operations.ListItems.Output.Ok.Body.JsonPayload
        for cursor in [nil, "czE="] as [String?] {
            let envelopes = rows.map {
                Components.Schemas.ItemEnvelope(
                    item: $0.0.wire, metadata: .init(itemId: $0.0.id, tags: $0.0.tags, extensions: $0.1), listed: true)
            }
            let withMetadata = Payload(value2: .init(data: envelopes, cursor: cursor, hasMore: cursor != nil))
            let text = Self.written(
                {
                    $0.page(rows, cursor: cursor, hasMore: cursor != nil) {
                        $0.envelope(of: $1.0, extensions: $1.1, listed: true)
                    }
                },
                sorted: sorted)
            #expect(text == (try Self.expected(withMetadata, sorted: sorted)))
            let items = Payload(value1: .init(data: Self.records.map(\.wire), cursor: cursor, hasMore: false))
            let plain = Self.written(
                { $0.page(Self.records, cursor: cursor, hasMore: false) { $0.item($1) } }, sorted: sorted)
            #expect(plain == (try Self.expected(items, sorted: sorted)))
        }
    }

    @Test func writesItemEventFramesAsTheFrameEncodes() throws {
        let marks: [EventLog.CascadeMarks] = [
            .init(), .init(trashedByCascade: true, trashedWith: "w"), .init(restoredWith: "r"), .init(purgedWith: "p"),
        ]
        for (record, extensions) in zip(Self.records, Self.extensions) {
            for mark in marks {
                var frame = EventLog.Frame(
                    eventType: "item.updated", item: record.wire,
                    metadata: .init(itemId: record.id, tags: record.tags, extensions: extensions))
                frame.trashedByCascade = mark.trashedByCascade
                frame.trashedWith = mark.trashedWith
                frame.restoredWith = mark.restoredWith
                frame.purgedWith = mark.purgedWith
                let written = EventLog.itemFrame("item.updated", record, extensions: extensions, marks: mark)
                #expect(written == String(decoding: try JSONCoding.encode(frame), as: UTF8.self))
            }
        }
    }
}
