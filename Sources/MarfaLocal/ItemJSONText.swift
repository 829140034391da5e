import Foundation
import MarfaOpenAPIRuntime

/// Items, their metadata and envelopes written as JSON text straight from the stored record:
/// byte for byte what `JSONCoding` writes for `ItemRecord.wire` and the generated envelope and
/// page types, without building a value tree first (a listing page is most of its answer time).
///
/// `sorted` writes the generated types' members sorted by name, as the server's answers are
/// (`Configuration.sortedKeys`); otherwise in the schema's order, as stored event frames are. An
/// item's properties and extension documents keep their own order either way.
struct ItemJSONText {
    /// Whether the generated types' members are sorted by name.
    let sorted: Bool
    /// The text written so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    init(sorted: Bool, capacity: Int = 1024) {
        self.sorted = sorted
        bytes.reserveCapacity(capacity)
    }

    /// The members of `Components.Schemas.Item` that `ItemRecord.wire` sets, in schema order.
    enum ItemMember: String, CaseIterable {
        case id, type, properties, state, tier, version
        case schemaVersion = "schema_version"
        case source
        case sourceID = "source_id"
        case orphaned, device
        case captureLatitude = "capture_latitude"
        case captureLongitude = "capture_longitude"
        case timestamp
        case createdAt = "created_at"
        case updatedAt = "updated_at"

        /// Sorted by name as the value tree's objects sort their keys.
        static let byName = allCases.sorted { $0.rawValue < $1.rawValue }
    }

    /// Appends `item` as `Components.Schemas.Item`.
    mutating func item(_ item: ItemRecord) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for member in sorted ? ItemMember.byName : ItemMember.allCases {
            guard let value = Self.value(of: member, in: item) else { continue }
            key(member.rawValue, first: &first)
            JSONTextWriter.write(value, sortingKeys: false, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The JSON value of one member of `item`'s wire form; nil when the member is left out.
    private static func value(of member: ItemMember, in item: ItemRecord) -> OpenAPIValue? {
        switch member {
        case .id: .string(item.id)
        case .type: .string(item.type)
        case .properties: .object(item.properties)
        case .state: .string(item.state)
        case .tier: .string(item.tier)
        case .version: .int(item.version)
        case .schemaVersion: .int(1)
        case .source: .string(item.source)
        case .sourceID: item.sourceID.map { .string($0) }
        case .orphaned: item.orphaned ? .bool(true) : nil
        case .device: item.device.map { .string($0) }
        case .captureLatitude: item.captureLatitude.map { .double($0) }
        case .captureLongitude: item.captureLongitude.map { .double($0) }
        case .timestamp: .string(ISO8601.string(from: item.timestamp))
        case .createdAt: .string(ISO8601.string(from: item.createdAt))
        case .updatedAt: .string(ISO8601.string(from: item.updatedAt))
        }
    }

    /// Appends the metadata record of `item` (`Components.Schemas.ItemMetadata`) with `extensions`.
    mutating func metadata(of item: ItemRecord, extensions: OpenAPIObject) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for name in sorted ? ["extensions", "item_id", "tags"] : ["item_id", "tags", "extensions"] {
            key(name, first: &first)
            switch name {
            case "item_id": JSONTextWriter.writeString(item.id, to: &bytes)
            case "tags": JSONTextWriter.write(.array(item.tags.map { .string($0) }), sortingKeys: false, to: &bytes)
            default: JSONTextWriter.write(.object(extensions), sortingKeys: false, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `item` with its metadata (`Components.Schemas.ItemEnvelope`); `acknowledged` and
    /// `listed` are written only when set.
    mutating func envelope(
        of item: ItemRecord, extensions: OpenAPIObject, acknowledged: Bool? = nil, listed: Bool? = nil
    ) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for name in sorted
            ? ["acknowledged", "item", "listed", "metadata"] : ["item", "metadata", "acknowledged", "listed"]
        {
            switch name {
            case "item":
                key(name, first: &first)
                self.item(item)
            case "metadata":
                key(name, first: &first)
                metadata(of: item, extensions: extensions)
            case "acknowledged":
                guard let acknowledged else { continue }
                key(name, first: &first)
                JSONTextWriter.write(.bool(acknowledged), sortingKeys: false, to: &bytes)
            default:
                guard let listed else { continue }
                key(name, first: &first)
                JSONTextWriter.write(.bool(listed), sortingKeys: false, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a page (`ItemPage` or `ItemEnvelopePage`): `data` written element by element by
    /// `element`, then `cursor` (`null` when nil) and `has_more`.
    mutating func page<Element>(
        _ data: [Element], cursor: String?, hasMore: Bool, element: (inout ItemJSONText, Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for name in sorted ? ["cursor", "data", "has_more"] : ["data", "cursor", "has_more"] {
            key(name, first: &first)
            switch name {
            case "data":
                bytes.append(UInt8(ascii: "["))
                for (index, row) in data.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    element(&self, row)
                }
                bytes.append(UInt8(ascii: "]"))
            case "cursor": JSONTextWriter.write(cursor.map { .string($0) } ?? .null, sortingKeys: false, to: &bytes)
            default: JSONTextWriter.write(.bool(hasMore), sortingKeys: false, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a member's name and colon, after a comma unless it is the object's first.
    mutating func key(_ name: String, first: inout Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        JSONTextWriter.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends `value` (objects in their own order).
    mutating func value(_ value: OpenAPIValue) { JSONTextWriter.write(value, sortingKeys: false, to: &bytes) }

    /// Appends an object whose members `members` writes, each after `key(_:first:)`.
    mutating func object(_ members: (inout ItemJSONText, inout Bool) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        members(&self, &first)
        bytes.append(UInt8(ascii: "}"))
    }
}
