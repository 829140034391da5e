import Foundation

extension Draft {
    /// A draft whose properties are an app's own `Encodable` record, its property names as the
    /// record's coding keys say and its dates as RFC 3339 text.
    /// - Throws: `MarfaError.invalid` when the record is not written as a JSON object, or a field has
    ///   no JSON form (the message names it).
    public init(
        type: String, encoding record: some Encodable, tags: [String] = [], tier: Tier? = nil, id: String? = nil,
        source: String? = nil, sourceId: String? = nil, occurredAt: Date? = nil, baseVersion: Int64? = nil
    ) throws {
        self.init(
            type: type, properties: try RecordCoding.properties(encoding: record), tags: tags, tier: tier, id: id,
            source: source, sourceId: sourceId, occurredAt: occurredAt, baseVersion: baseVersion)
    }
}

extension Edit {
    /// A change that writes an app's own `Encodable` record: by default it replaces every value
    /// (so a `nil` optional drops its property), with `merge` it replaces only the fields the
    /// record writes.
    /// - Throws: `MarfaError.invalid` as `Draft(type:encoding:)` does.
    public init(
        encoding record: some Encodable, baseVersion: Int64, merge: Bool = false, sourceId: String? = nil,
        type: String? = nil, tier: Tier? = nil
    ) throws {
        let properties = try RecordCoding.properties(encoding: record)
        self.init(
            merge ? .merge(properties) : .replace(properties), baseVersion: baseVersion, sourceId: sourceId, type: type,
            tier: tier)
    }
}

extension Item {
    /// The item's properties read as an app's own `Decodable` record, property names as the record's
    /// coding keys say and dates from RFC 3339 text; properties the record doesn't name are ignored.
    /// - Throws: `MarfaError.validation` with code `record_mismatch` naming the field that is missing
    ///   or of another kind.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONValue.object(properties).decode(type)
    }
}

extension RecordCoding {
    /// The record's JSON form, which must be an object.
    static func properties(encoding record: some Encodable) throws -> JSONObject {
        let value = try JSONValue(encoding: record)
        guard case .object(let properties) = value else {
            throw MarfaError.invalid(
                message:
                    "A \(type(of: record)) is written as \(value.kindInWords), and an item's properties must be a JSON object."
            )
        }
        return properties
    }
}

extension JSONValue {
    /// What kind of JSON value this is, in words.
    var kindInWords: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
