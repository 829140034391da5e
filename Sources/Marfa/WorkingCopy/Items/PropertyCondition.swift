/// One condition of a listing `filter` the copy answers itself: `properties.<field> <op> <value>`.
package struct PropertyCondition: Sendable, Hashable {
    /// How the property is compared with the value.
    package enum Comparison: String, Sendable, Hashable, CaseIterable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    package var field: String
    package var comparison: Comparison
    package var value: JSONValue

    /// Whether `properties` meets the condition. A missing property meets only `!=`; values of
    /// different kinds are never ordered.
    package func holds(for properties: JSONObject) -> Bool {
        guard let actual = properties[field] else { return comparison == .notEqual }
        switch comparison {
        case .equal: return Self.same(actual, value)
        case .notEqual: return !Self.same(actual, value)
        default:
            guard let order = Self.order(actual, value) else { return false }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.double, let y = b.double { return x == y }
        return a == b
    }

    private static func order(_ a: JSONValue, _ b: JSONValue) -> Int? {
        if let x = a.double, let y = b.double { return x < y ? -1 : x > y ? 1 : 0 }
        if let x = a.string, let y = b.string { return x < y ? -1 : x > y ? 1 : 0 }
        return nil
    }

    /// The conditions of `filter`, or nil when the copy can't answer it whole: anything but
    /// `properties.<field> <op> <value>` joined by `AND`, where a value is a single-quoted string
    /// (`''` for a quote), a number, `true`, `false` or `null`.
    package static func parse(_ filter: String) -> [PropertyCondition]? {
        var scanner = FilterScanner(Array(filter.unicodeScalars))
        var conditions: [PropertyCondition] = []
        repeat {
            guard let condition = scanner.condition() else { return nil }
            conditions.append(condition)
        } while scanner.keyword("AND")
        return scanner.atEnd ? conditions : nil
    }
}

/// Reads the parts of a filter, skipping blanks.
private struct FilterScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool {
        mutating get {
            skipBlanks()
            return index == scalars.count
        }
    }

    mutating func condition() -> PropertyCondition? {
        guard keyword("properties."), let field = word(), let comparison = comparison(), let value = value() else {
            return nil
        }
        return PropertyCondition(field: field, comparison: comparison, value: value)
    }

    mutating func keyword(_ text: String) -> Bool {
        skipBlanks()
        let wanted = Array(text.unicodeScalars)
        guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else {
            return false
        }
        index += wanted.count
        return true
    }

    private mutating func skipBlanks() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    private mutating func word() -> String? {
        let start = index
        while index < scalars.count,
            scalars[index] == "_"
                || ("a"..."z").contains(scalars[index]) || ("0"..."9").contains(scalars[index])
        { index += 1 }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    private mutating func comparison() -> PropertyCondition.Comparison? {
        for candidate in ["!=", "<=", ">=", "=", "<", ">"] where keyword(candidate) {
            return PropertyCondition.Comparison(rawValue: candidate)
        }
        return nil
    }

    private mutating func value() -> JSONValue? {
        skipBlanks()
        if keyword("true") { return .bool(true) }
        if keyword("false") { return .bool(false) }
        if keyword("null") { return .null }
        if index < scalars.count, scalars[index] == "'" { return quoted() }
        let start = index
        while index < scalars.count, "0123456789.-+eE".unicodeScalars.contains(scalars[index]) { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        if let integer = Int64(text) { return .int(integer) }
        return Double(text).map { .double($0) }
    }

    private mutating func quoted() -> JSONValue? {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            if scalars[index] == "'" {
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    text.append("'")
                    index += 2
                    continue
                }
                index += 1
                return .string(String(text))
            }
            text.append(scalars[index])
            index += 1
        }
        return nil
    }
}
