import MarfaTypes

/// `GET /items/stats`: how many items the key can read, per state (the default; the bin
/// included) or per type (the bin left out).
extension LocalAPI {
    func getItemStats(_ input: Operations.GetItemStats.Input) async throws -> Operations.GetItemStats.Output {
        let key = try RequestContext.current.requireKey()
        let byType: Bool
        switch input.query.by {
        case nil, .some(.state): byType = false
        case .some(._type): byType = true
        case .some(.unknown(let value)): throw LocalError.validation("by is state or type, not \(value).")
        }
        let counts = try await read { db -> [String: Int64] in
            var counts: [String: Int64] = [:]
            let sql =
                byType
                ? "SELECT type, type AS bucket, COUNT(*) AS n FROM items WHERE state <> 'trashed' GROUP BY type"
                : "SELECT type, state AS bucket, COUNT(*) AS n FROM items GROUP BY type, state"
            for row in try db.query(sql) where key.typeLevel(row.string("type") ?? "") >= .read {
                counts[row.string("bucket") ?? "", default: 0] += row.int64("n") ?? 0
            }
            return counts
        }
        return .ok(
            .init(headers: .init(xMarfaContract: Self.contract), body: .json(.init(additionalProperties: counts))))
    }
}
