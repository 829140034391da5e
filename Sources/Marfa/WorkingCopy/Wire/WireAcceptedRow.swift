import Foundation

/// The row a write's success answer carries, for the copy to adopt: an item with its metadata
/// when the answer held it, an edge, or an item's metadata alone (a tag or metadata write).
enum WireAcceptedRow {
    case item(Components.Schemas.ItemEnvelope, withMetadata: Bool)
    case edge(Components.Schemas.Edge)
    case metadata(Components.Schemas.ItemMetadata, withExtensions: Bool)

    /// The id of the item `json` answers with, when it answers with one.
    static func itemId(in json: JSONValue) -> String? {
        json["item"]?.object?["id"]?.string
    }

    /// The row in `json`, nil when it holds none the copy can read. An item's fields the answer
    /// leaves out (a server may answer with few) are taken from `held`, the copy's own row.
    static func read(_ json: JSONValue, held: HeldItem?) -> WireAcceptedRow? {
        if var answered = json["item"]?.object, answered["id"]?.string != nil {
            for (key, value) in held?.wire ?? [:] where answered[key] == nil { answered[key] = value }
            var merged = json.object ?? [:]
            merged["item"] = .object(answered)
            let withMetadata = json["metadata"]?.object != nil
            if let plain = WireItemEnvelope.read(.object(merged)) { return .item(plain, withMetadata: withMetadata) }
            guard let envelope = try? WireShapes.envelope(.object(merged)),
                let item = try? WireShapes.decode(Components.Schemas.ItemEnvelope.self, from: envelope, what: "item")
            else { return nil }
            return .item(item, withMetadata: withMetadata)
        }
        if let wired = json["edge"], wired.object != nil {
            guard let shaped = try? WireShapes.edge(wired),
                let edge = try? WireShapes.decode(Components.Schemas.Edge.self, from: shaped, what: "edge")
            else { return nil }
            return .edge(edge)
        }
        if let itemId = json["item_id"]?.string {
            let shaped = WireShapes.metadata(json, itemId: itemId)
            guard
                let metadata = try? WireShapes.decode(
                    Components.Schemas.ItemMetadata.self, from: shaped, what: "metadata")
            else { return nil }
            return .metadata(metadata, withExtensions: json["extensions"]?.object != nil)
        }
        return nil
    }

    /// An item's fields as the copy holds them, without its id, version and metadata.
    struct HeldItem {
        var type: String?
        var state: String?
        var tier: String?
        var source: String?
        var sourceId: String?
        var schemaVersion: Int64?
        var occurredAt: Double?
        var createdAt: Double?
        var updatedAt: Double?
        var properties: JSONObject

        /// The fields in the wire's shape, those held only.
        var wire: JSONObject {
            var item: JSONObject = ["properties": .object(properties)]
            let texts = [("type", type), ("state", state), ("tier", tier), ("source", source), ("source_id", sourceId)]
            for (key, text) in texts { if let text { item[key] = .string(text) } }
            if let schemaVersion { item["schema_version"] = .int(schemaVersion) }
            for (key, seconds) in [("timestamp", occurredAt), ("created_at", createdAt), ("updated_at", updatedAt)] {
                if let seconds { item[key] = .string(ISO8601.string(from: Date(timeIntervalSince1970: seconds))) }
            }
            return item
        }
    }
}
