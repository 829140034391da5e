/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// Order and repeated names are kept as given; the subscript reads the first value of a name
/// and writes by replacing every value of that name.
public struct HTTPFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field's name, as written.
        public var name: String
        /// The field's value.
        public var value: String
        /// A field named `name` holding `value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// No fields.
    public init() { fields = [] }

    /// The fields given, in order.
    public init(_ fields: [Field]) { self.fields = fields }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The number of fields, repeated names counted each time.
    public var count: Int { fields.count }
    /// Whether there is no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value of `name`, or nil; setting replaces every value of `name` (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.same($0.name, name) } ?? fields.count
            fields.removeAll { Self.same($0.name, name) }
            if let newValue { fields.insert(Field(name: name, value: newValue), at: Swift.min(index, fields.count)) }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.lazy.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Every value of `name` as one field value, joined by `, ` as RFC 9110 (5.3) combines repeated
    /// field lines; nil when there is none.
    public func combinedValue(for name: String) -> String? {
        let all = values(for: name)
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    /// Adds a field after the existing ones, keeping earlier values of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every value of `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Whether a field named `name` is present, in any case.
    public func contains(_ name: String) -> Bool { fields.contains { Self.same($0.name, name) } }

    /// Whether two field names are the same in any case: compared byte by byte where they differ
    /// only in ASCII (every name RFC 9110 allows), by their lowercased text otherwise.
    @inline(__always)
    package static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        for (x, y) in zip(a.utf8, b.utf8) where x != y {
            if x >= 0x80 || y >= 0x80 { return a.lowercased() == b.lowercased() }
            guard x | 0x20 == y | 0x20, (0x61...0x7A).contains(x | 0x20) else { return false }
        }
        return true
    }

    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}
