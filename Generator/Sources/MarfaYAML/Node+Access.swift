extension Node {
    /// The scalar, when this node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = kind { return scalar }
        return nil
    }

    /// The entries in document order, when this node is a mapping.
    public var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The elements in order, when this node is a sequence.
    public var elements: [Node]? {
        if case .sequence(let elements) = kind { return elements }
        return nil
    }

    /// The value for `key`, when this node is a mapping that has it (keys are unique after loading).
    public subscript(key: String) -> Node? {
        entry(forKey: key)?.value
    }

    /// The entry for `key` (with the key's own position), when this node is a mapping that has it.
    public func entry(forKey key: String) -> Entry? {
        guard case .mapping(let entries) = kind else { return nil }
        return entries.first { $0.key == key }
    }

    /// "a mapping", "a sequence" or "a scalar", for messages.
    public var kindDescription: String {
        switch kind {
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        case .scalar: "a scalar"
        }
    }
}
