/// The copy stream's frames as servers send them: the kind named in `event_type`, in `type` or
/// only on the SSE `event:` line; cursors, heads and retained ids as text or numbers; the rows in
/// them read as `WireShapes` reads rows.
extension WireShapes {
    /// The frame in the shape the stream's decoder reads; a frame of a kind this build doesn't
    /// know keeps its kind, so the replay reports it.
    static func frame(_ json: JSONValue, named event: String? = nil) throws(MarfaError) -> JSONValue {
        guard let kind = json["event_type"]?.string ?? json["type"]?.string ?? event, kind != "message" else {
            throw .decoding(message: "A frame of the server's event stream couldn't be read ('event_type' is missing).")
        }
        var frame: JSONObject = json.object ?? [:]
        frame["type"] = nil
        frame["event_type"] = .string(kind)
        // Some servers send positions as numbers.
        for key in ["cursor", "head", "requested", "min_retained_id"] {
            if let number = integer(json[key]) { frame[key] = .string(String(number)) }
        }
        if itemKinds.contains(kind) || metadataKinds.contains(kind) {
            guard let wired = json["item"] else { throw missing("item", in: kind) }
            let item = try self.item(wired)
            frame["item"] = item
            if json["metadata"]?.object != nil || kind.hasPrefix("metadata.") {
                frame["metadata"] = metadata(json["metadata"], itemId: item["id"]?.string ?? "")
            }
        } else if edgeKinds.contains(kind) {
            guard let wired = json["edge"] else { throw missing("edge", in: kind) }
            frame["edge"] = try edge(wired)
            frame["source_type"] = .string(json["source_type"]?.string ?? "")
        } else if kind == "stream_cursor" || kind == "stream_live" {
            if kind == "stream_cursor", frame["cursor"]?.string == nil {
                throw .decoding(message: "The server's stream_cursor frame couldn't be read ('cursor' is missing).")
            }
            if kind == "stream_live", frame["cursor"] == nil { frame["cursor"] = .null }
        }
        return .object(frame)
    }

    // The event kinds this build applies. A frame of any other kind keeps what it carries and is
    // read as an event this build doesn't know, which the replay passes over.
    private static let itemKinds = Set(Components.Schemas.ItemEventFrame.EventTypePayload.allCases.map(\.rawValue))
    private static let metadataKinds = Set(
        Components.Schemas.MetadataEventFrame.EventTypePayload.allCases.map(\.rawValue))
    private static let edgeKinds = Set(Components.Schemas.EdgeEventFrame.EventTypePayload.allCases.map(\.rawValue))

    private static func missing(_ key: String, in kind: String) -> MarfaError {
        .decoding(message: "The server's \(kind) frame couldn't be read ('\(key)' is missing).")
    }
}
