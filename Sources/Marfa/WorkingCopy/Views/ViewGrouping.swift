import Foundation

/// How a view sorts and groups items.
enum ViewGrouping {
    /// The keys an item falls under: its type, each of its tags (or none), a time bucket, or a
    /// property's value.
    static func keys(of item: Item, by groupBy: String?) -> [String] {
        guard let groupBy, !groupBy.isEmpty else { return [""] }
        switch groupBy {
        case "type": return [item.type]
        case "tag", "tags": return item.tags.isEmpty ? [""] : item.tags
        default: break
        }
        let parts = groupBy.split(separator: ":").map(String.init)
        if parts.count == 2, let date = date(of: item, parts[0]) { return [bucket(date, parts[1])] }
        let name = groupBy.hasPrefix("properties.") ? String(groupBy.dropFirst(11)) : groupBy
        return [text(item.properties[name])]
    }

    /// The value an item sorts by for `field`: a time, a number, then text; missing values first.
    static func sortKey(_ item: Item, _ field: String) -> SortKey {
        if let date = date(of: item, field) { return SortKey(rank: 1, number: date.timeIntervalSince1970, text: "") }
        let name = field.hasPrefix("properties.") ? String(field.dropFirst(11)) : field
        switch item.properties[name] {
        case .int(let number)?: return SortKey(rank: 1, number: Double(number), text: "")
        case .double(let number)?: return SortKey(rank: 1, number: number, text: "")
        case nil, .null?: return SortKey(rank: 0, number: 0, text: "")
        case let value: return SortKey(rank: 2, number: 0, text: text(value))
        }
    }

    /// An item's place in a view's order.
    struct SortKey: Comparable {
        var rank: Int
        var number: Double
        var text: String

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            (lhs.rank, lhs.number, lhs.text) < (rhs.rank, rhs.number, rhs.text)
        }
    }

    private static func date(of item: Item, _ field: String) -> Date? {
        switch field {
        case "created_at": item.createdAt
        case "updated_at": item.updatedAt
        case "timestamp", "occurred_at": item.occurredAt
        default: nil
        }
    }

    private static func bucket(_ date: Date, _ size: String) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .weekOfYear, .yearForWeekOfYear], from: date)
        switch size {
        case "year": return String(format: "%04d", parts.year ?? 0)
        case "week": return String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0)
        case "day": return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        default: return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
        }
    }

    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .int(let number)?: String(number)
        case .double(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        default: ""
        }
    }
}
