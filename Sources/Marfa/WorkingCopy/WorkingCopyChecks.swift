/// The argument checks every engine shares: identifiers, type lists, limits.
extension WorkingCopy {
    /// `types` when each is a type identifier (lowercase dotted segments, two or more) or a
    /// pattern such as `core.*`; `invalid` for an empty list, a bare `*` or a name outside the grammar.
    static func checkedTypes(_ types: [String]) throws(MarfaError) -> [String] {
        guard !types.isEmpty else { throw .invalid(message: "Name at least one type.") }
        for type in types where !isTypeName(type) {
            throw .invalid(
                message: "\"\(type)\" isn't a type identifier (lowercase dotted segments, such as core.note or core.*)."
            )
        }
        return types
    }

    static func isTypeName(_ text: String) -> Bool {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, text.utf8.count <= 128 else { return false }
        for (index, segment) in segments.enumerated() {
            if segment == "*" && index == segments.count - 1 { continue }
            guard let first = segment.utf8.first, (97...122).contains(first),
                segment.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 95 || $0 == 45 })
            else { return false }
        }
        return true
    }

    /// `edgeTypes` when each is an edge type identifier (lowercase, digits, `-`, `_`, `.`).
    static func checkedEdgeTypes(_ edgeTypes: [String]) throws(MarfaError) -> [String] {
        for type in edgeTypes {
            guard let first = type.utf8.first, (97...122).contains(first), type.utf8.count <= 128,
                type.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || [45, 46, 95].contains($0) })
            else { throw .invalid(message: "\"\(type)\" isn't an edge type identifier.") }
        }
        return edgeTypes
    }

    /// `id` when it is a usable item or edge id: not empty, no blanks or slashes.
    static func checkedID(_ id: String) throws(MarfaError) -> String {
        guard !id.isEmpty, id.utf8.count <= 128, !id.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw .invalid(message: "\"\(id)\" isn't an item or edge id.")
        }
        return id
    }
}
