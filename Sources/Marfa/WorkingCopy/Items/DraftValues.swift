import Foundation

extension Draft {
    /// A draft whose properties are these values in JSON form, in the literal's order:
    /// `Draft(type: t, values: ["title": title, "pages": pages])`.
    public init(
        type: String, values: KeyValuePairs<String, any JSONRepresentable>, tags: [String] = [], tier: Tier? = nil,
        id: String? = nil,
        source: String? = nil, sourceId: String? = nil, occurredAt: Date? = nil, baseVersion: Int64? = nil
    ) {
        self.init(
            type: type, properties: JSONObject(values.map { ($0.key, $0.value.jsonValue) }), tags: tags, tier: tier,
            id: id,
            source: source, sourceId: sourceId, occurredAt: occurredAt, baseVersion: baseVersion)
    }
}
