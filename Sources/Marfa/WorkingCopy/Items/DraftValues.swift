import Foundation

extension Draft {
    /// A draft whose properties are these values in JSON form: `Draft(type: t, values: ["title": title])`.
    public init(
        type: String, values: [String: any JSONRepresentable], tags: [String] = [], tier: Tier? = nil,
        id: String? = nil,
        source: String? = nil, sourceId: String? = nil, occurredAt: Date? = nil, baseVersion: Int64? = nil
    ) {
        self.init(
            type: type, properties: values.mapValues { $0.jsonValue }, tags: tags, tier: tier, id: id,
            source: source, sourceId: sourceId, occurredAt: occurredAt, baseVersion: baseVersion)
    }
}
