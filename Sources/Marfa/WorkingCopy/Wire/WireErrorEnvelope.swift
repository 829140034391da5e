/// What a refusal's error envelope says, `{"error": {code, message, details}}`, read tolerantly:
/// each member may be absent, and field errors are read from `details.errors` by `field` or `path`.
struct WireErrorEnvelope: Sendable {
    /// The error's code; empty when the server gave none.
    var code = ""
    var message: String?
    var fields: [FieldRefusal] = []
    /// The grant the key lacks, when the server named one.
    var grant: MissingGrant?
    /// Whether the refusal names a trashed item.
    var trashed = false
    /// Whether the details name a source (a write from a source the key hasn't claimed, not a grant).
    var namesSource = false
    /// The source the details name, when written as text.
    var source: String?

    /// The envelope in the answer text `text`, empty when it holds none or isn't JSON.
    init(text: String?) {
        self.init(text.flatMap { try? JSONCoding.value(from: Array($0.utf8)) })
    }

    /// The envelope in `json`, empty when the answer holds none.
    init(_ json: JSONValue?) {
        guard let error = json?["error"] else { return }
        code = error["code"]?.string ?? ""
        message = error["message"]?.string
        let details = error["details"]
        fields = (details?["errors"]?.array ?? []).compactMap { entry -> FieldRefusal? in
            guard let field = entry["field"]?.string ?? entry["path"]?.string else { return nil }
            return FieldRefusal(field: field, message: entry["message"]?.string ?? "")
        }
        grant = details?["grant"].flatMap(Self.grant)
        trashed = details?["trashed"]?.bool ?? false
        namesSource = details?["source"] != nil
        source = details?["source"]?.string
    }

    private static func grant(_ grant: JSONValue) -> MissingGrant? {
        guard let kind = grant["kind"]?.string.flatMap(GrantKind.init(wire:)), let name = grant["name"]?.string
        else { return nil }
        return MissingGrant(
            kind: kind, name: name, level: grant["level"]?.string.flatMap(GrantLevel.init(rawValue:)) ?? .write)
    }

    /// The refusal the envelope describes.
    var refusal: Refusal {
        Refusal(
            reason: code.isEmpty ? "refused" : code, code: code.isEmpty ? nil : code, message: message,
            fields: fields, trashed: trashed, grant: grant)
    }
}

/// How `conflict=auto` resolved a write, from a success answer's `conflict_resolution`: merged,
/// or kept as a conflicted sibling with the fields that conflicted.
struct WireConflictResolution: Sendable {
    var siblingId: String?
    var fields: [String]

    /// The resolution `json` names; nil for a plain success.
    init?(_ json: JSONValue?) {
        guard let resolution = json?["conflict_resolution"], resolution.object != nil else { return nil }
        fields = resolution["fields"]?.array?.compactMap(\.string) ?? []
        siblingId = resolution["conflicted_copy_id"]?.string
    }
}
