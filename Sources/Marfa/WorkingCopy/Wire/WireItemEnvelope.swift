import Foundation

/// An item with its metadata read straight from its JSON tree, the way the generated decoding
/// reads it but without the generic `Decodable` machinery: the hot read of every hydration and bin
/// page.
///
/// It answers nil for anything but the plain shape (a required member missing or of another
/// kind, a date that isn't RFC 3339, edges or extensions inline, a conflict resolution), and the
/// caller then decodes the row the generated way, with its errors and its tolerance.
enum WireItemEnvelope {
    /// The envelope `value` holds, or nil when it isn't the plain shape.
    static func read(_ value: JSONValue) -> Components.Schemas.ItemEnvelope? {
        guard case .object(let row) = value, let item = row["item"].flatMap(item),
            let metadata = row["metadata"].flatMap(metadata), absent(row["conflict_resolution"]),
            let acknowledged = optional(row["acknowledged"], bool), let listed = optional(row["listed"], bool)
        else { return nil }
        return .init(item: item, metadata: metadata, acknowledged: acknowledged, listed: listed)
    }

    /// The item `value` holds, or nil when it isn't the plain shape.
    static func item(_ value: JSONValue) -> Components.Schemas.Item? {
        guard case .object(let item) = value, case .object(let properties)? = item["properties"],
            let id = string(item["id"]), let type = string(item["type"]), let state = string(item["state"]),
            let version = WireShapes.integer(item["version"]),
            let schemaVersion = WireShapes.integer(item["schema_version"]),
            let source = string(item["source"]), let timestamp = date(item["timestamp"]),
            let createdAt = date(item["created_at"]), let updatedAt = date(item["updated_at"]),
            let tier = optional(item["tier"], string), let spaceID = nullable(item["space_id"]),
            let sourceID = optional(item["source_id"], string), let orphaned = optional(item["orphaned"], bool),
            let device = optional(item["device"], string),
            let latitude = optional(item["capture_latitude"], number),
            let longitude = optional(item["capture_longitude"], number),
            absent(item["edges"]), absent(item["extensions"])
        else { return nil }
        return .init(
            id: id, _type: type, properties: properties, state: .init(rawValue: state),
            tier: tier.map(Components.Schemas.Tier.init(rawValue:)), spaceId: spaceID, version: version,
            schemaVersion: Int(truncatingIfNeeded: schemaVersion), source: source, sourceId: sourceID,
            orphaned: orphaned, device: device, captureLatitude: latitude, captureLongitude: longitude,
            timestamp: timestamp, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The metadata `value` holds, or nil when it isn't the plain shape.
    static func metadata(_ value: JSONValue) -> Components.Schemas.ItemMetadata? {
        guard case .object(let metadata) = value, let itemID = string(metadata["item_id"]),
            case .array(let tagValues)? = metadata["tags"], case .object(let extensions)? = metadata["extensions"]
        else { return nil }
        var tags: [String] = []
        tags.reserveCapacity(tagValues.count)
        for value in tagValues {
            guard case .string(let tag) = value else { return nil }
            tags.append(tag)
        }
        return .init(itemId: itemID, tags: tags, extensions: extensions)
    }

    // MARK: Members

    private static func string(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    private static func bool(_ value: JSONValue?) -> Bool? {
        guard case .bool(let flag)? = value else { return nil }
        return flag
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    private static func date(_ value: JSONValue?) -> Date? {
        string(value).flatMap(ISO8601.date(from:))
    }

    /// `.some(nil)` for a member absent or `null`, `.some(value)` when `read` takes it, nil when
    /// it holds something else.
    private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue?) -> T?) -> T?? {
        guard let value, value != .null else { return .some(nil) }
        return read(value).map { .some($0) }
    }

    /// A member that tells absent from `null`: nil when it holds neither text nor `null`.
    private static func nullable(_ value: JSONValue?) -> Nullable<String>?? {
        switch value {
        case nil: .some(nil)
        case .null?: .some(.null)
        case .string(let text)?: .some(.value(text))
        default: nil
        }
    }

    /// Whether a member this reader leaves to the generated decoding is absent or `null`.
    private static func absent(_ value: JSONValue?) -> Bool { value == nil || value == .null }
}
