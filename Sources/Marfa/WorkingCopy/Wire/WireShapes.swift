import Foundation

/// Reads what Marfa servers of several versions send into the shapes the copy stores, taking only
/// what it uses. A field it doesn't need is never required, unknown fields are ignored, and an
/// absent optional field takes its default; what it can't do without (an item's `id`, `type` and
/// `version`, an edge's ends and version) throws `decoding` naming the field. Variations read:
/// - pages as `{data, cursor, has_more}` or `{data, next_cursor}`, and lists as a bare array or a
///   named list (`{edge_types}`, `{views}`);
/// - item rows with `timestamp` or `occurred_at`, bare or wrapped as `{item, metadata, listed}`,
///   metadata holding tags alone;
/// - stream frames naming their kind in `event_type`, `type` or the SSE `event:` line;
/// - versions written as numbers with a zero fraction (`2.0`), positions as numbers.
enum WireShapes {
    static let epoch = "1970-01-01T00:00:00Z"

    /// `value` decoded as `T` (its objects in the order they were read), or `decoding` saying which
    /// answer it was.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, what: String) throws(MarfaError) -> T {
        do {
            return try JSONValueDecoder.decode(T.self, from: value)
        } catch {
            throw .decoding(message: "The server's \(what) couldn't be read: \(error)")
        }
    }

    /// The rows of a page and the cursor of the next one (nil: the last page). A bare array is one
    /// whole page; `list` names the member an older server lists its rows in.
    static func page(
        _ json: JSONValue, list: String? = nil, what: String
    ) throws(MarfaError) -> (rows: [JSONValue], cursor: String?) {
        if let rows = json.array { return (rows, nil) }
        if let rows = json["data"]?.array ?? list.flatMap({ json[$0]?.array }) {
            let cursor = json["next_cursor"]?.string ?? json["cursor"]?.string
            // A server naming `has_more: false` ends the walk even when it repeats a cursor.
            return (rows, json["has_more"]?.bool == false ? nil : cursor)
        }
        throw .decoding(message: "The server's \(what) held no list of rows ('data' is missing).")
    }

    /// An item in the shape the copy stores: `id`, `type` and `version` required, the rest defaulted.
    static func item(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let id = try required(json, "id", of: "item", as: \.string)
        let type = try required(json, "type", of: "item \(id)", as: \.string)
        let version = try requiredInteger(json, "version", of: "item \(id)")
        let timestamp = date(json["timestamp"]) ?? date(json["occurred_at"]) ?? date(json["created_at"]) ?? epoch
        let created = date(json["created_at"]) ?? timestamp
        var item: JSONObject = [
            "id": .string(id), "type": .string(type), "version": .int(version),
            "properties": .object(json["properties"]?.object ?? [:]),
            "state": .string(json["state"]?.string ?? "active"),
            "schema_version": .int(integer(json["schema_version"]) ?? 1),
            "source": .string(json["source"]?.string ?? ""),
            "timestamp": .string(timestamp), "created_at": .string(created),
            "updated_at": .string(date(json["updated_at"]) ?? created),
        ]
        if let tier = json["tier"]?.string, tier == "library" || tier == "feed" { item["tier"] = .string(tier) }
        if let sourceID = json["source_id"]?.string { item["source_id"] = .string(sourceID) }
        return .object(item)
    }

    /// An item's metadata: tags and extensions, each empty when absent.
    static func metadata(_ json: JSONValue?, itemId: String) -> JSONValue {
        .object([
            "item_id": .string(json?["item_id"]?.string ?? itemId),
            "tags": .array((json?["tags"]?.array ?? []).filter { $0.string != nil }),
            "extensions": .object(json?["extensions"]?.object ?? [:]),
        ])
    }

    /// A listing row or an item answer: `{item, metadata, listed}`, or a bare item.
    static func envelope(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let item = try self.item(json["item"]?.object != nil ? json["item"]! : json)
        var envelope: JSONObject = [
            "item": item, "metadata": metadata(json["metadata"], itemId: item["id"]?.string ?? ""),
        ]
        if let listed = json["listed"]?.bool { envelope["listed"] = .bool(listed) }
        return .object(envelope)
    }

    /// An edge: its id, ends, type and version required; properties and times defaulted.
    static func edge(_ json: JSONValue) throws(MarfaError) -> JSONValue {
        let id = try required(json, "id", of: "edge", as: \.string)
        let created = date(json["created_at"]) ?? epoch
        return .object([
            "id": .string(id), "source_id": .string(try required(json, "source_id", of: "edge \(id)", as: \.string)),
            "target_id": .string(try required(json, "target_id", of: "edge \(id)", as: \.string)),
            "edge_type": .string(try required(json, "edge_type", of: "edge \(id)", as: \.string)),
            "version": .int(try requiredInteger(json, "version", of: "edge \(id)")),
            "properties": .object(json["properties"]?.object ?? [:]), "created_at": .string(created),
            "updated_at": .string(date(json["updated_at"]) ?? created),
        ])
    }

    /// A whole number, whether written as an integer or as a number with a zero fraction (`2.0`).
    static func integer(_ value: JSONValue?) -> Int64? {
        if let int = value?.int { return int }
        guard let number = value?.double, number == number.rounded(), abs(number) < 9e15 else { return nil }
        return Int64(number)
    }

    /// The answer's whole number under `key`, else `decoding` naming it.
    static func requiredInteger(_ json: JSONValue, _ key: String, of what: String) throws(MarfaError) -> Int64 {
        guard let value = integer(json[key]) else {
            throw .decoding(message: "The server's \(what) couldn't be read ('\(key)' is missing).")
        }
        return value
    }

    /// The answer's value of `key` when it is of the wanted kind, else `decoding` naming it.
    static func required<T>(
        _ json: JSONValue, _ key: String, of what: String, as kind: KeyPath<JSONValue, T?>
    ) throws(MarfaError) -> T {
        guard let value = json[key]?[keyPath: kind] else {
            throw .decoding(message: "The server's \(what) couldn't be read ('\(key)' is missing).")
        }
        return value
    }

    /// A date-time the generated decoders read, or nil for an absent or unreadable one.
    static func date(_ value: JSONValue?) -> String? {
        guard let text = value?.string, ISO8601.date(from: text) != nil else { return nil }
        return text
    }

    /// `T` read straight from the JSON `bytes` hold when the server sent the shape this build was
    /// generated from (the fast path: `plain`'s reading when it has one, else the generated
    /// decoding), else `tolerant`'s reading of the JSON. The text is read once, by the ordered
    /// parser, so objects keep the server's order either way.
    static func read<T: Decodable, R>(
        _ type: T.Type, from bytes: [UInt8], what: String, plain: (JSONValue) -> R? = { _ in nil },
        direct: (T) -> R, tolerant: (JSONValue) throws(MarfaError) -> R
    ) throws(MarfaError) -> R {
        let json: JSONValue
        do {
            json = try JSONCoding.value(from: bytes)
        } catch {
            throw .decoding(message: "The server's \(what) isn't JSON.")
        }
        if let value = plain(json) { return value }
        if let value = try? JSONValueDecoder.decode(T.self, from: json) { return direct(value) }
        return try tolerant(json)
    }

    /// `value` when it decodes as `T`, else nil: an optional field that is malformed is left out.
    static func ifReadable<T: Decodable>(_ value: JSONValue?, as type: T.Type) -> JSONValue? {
        guard let value, value != .null, (try? decode(T.self, from: value, what: "field")) != nil else { return nil }
        return value
    }
}
