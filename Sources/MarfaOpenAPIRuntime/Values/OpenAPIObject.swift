/// A JSON object that keeps its members' order: the order they were read in, or added in when
/// built. A subscript set on a new key appends it, on a held key replaces the value in place, and
/// `removeValue(forKey:)` closes the gap. Text written from it (`OpenAPIValue.description`,
/// generated bodies, a store) lists the members in this order.
///
/// Equality and hashing ignore the order, as JSON does: two objects with the same members are
/// equal however they are ordered. Compare `keys` as well where the order matters.
public struct OpenAPIObject: Sendable {
    /// The members' names, in order.
    public private(set) var keys: [String]
    /// The members' values, in the order of `keys`.
    public private(set) var values: [OpenAPIValue]
    /// Each key's position, kept only once the object is large enough for a scan to cost more.
    private var positions: [String: Int]?

    /// Objects up to this size find a key by scanning `keys`.
    private static let scanLimit = 12

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// The members of `pairs` in their order; a repeated key keeps its first place and its last value.
    public init(_ pairs: some Sequence<(String, OpenAPIValue)>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The members of `dictionary`, keys sorted (a dictionary holds no order to keep).
    public init(_ dictionary: [String: OpenAPIValue]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The position of `key`, or nil when the object has no such member.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    /// The value of `key`, or nil. Setting a value appends a new key or replaces a held one's value
    /// in place; setting nil removes the member.
    public subscript(key: String) -> OpenAPIValue? {
        get { index(forKey: key).map { values[$0] } }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            updateValue(newValue, forKey: key)
        }
    }

    /// The value of `key`, or `defaultValue` when absent; a change through it is stored under `key`.
    public subscript(key: String, default defaultValue: @autoclosure () -> OpenAPIValue) -> OpenAPIValue {
        get { self[key] ?? defaultValue() }
        set { self[key] = newValue }
    }

    /// Sets `value` for `key` (appended when new) and returns the value it replaced.
    @discardableResult
    public mutating func updateValue(_ value: OpenAPIValue, forKey key: String) -> OpenAPIValue? {
        if let index = index(forKey: key) {
            let old = values[index]
            values[index] = value
            return old
        }
        keys.append(key)
        values.append(value)
        if positions != nil {
            positions?[key] = keys.count - 1
        } else if keys.count > Self.scanLimit {
            positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
        return nil
    }

    /// Removes the member `key`, keeping the others' order, and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> OpenAPIValue? {
        guard let index = index(forKey: key) else { return nil }
        keys.remove(at: index)
        let old = values.remove(at: index)
        if positions != nil {
            positions =
                keys.count > Self.scanLimit
                ? Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }) : nil
        }
        return old
    }

    /// Removes every member.
    public mutating func removeAll() {
        self = OpenAPIObject()
    }

    /// The members with each value transformed, in the same order.
    public func mapValues(_ transform: (OpenAPIValue) throws -> OpenAPIValue) rethrows -> OpenAPIObject {
        var mapped = self
        mapped.values = try values.map(transform)
        return mapped
    }

    /// The members with each value transformed, those transformed to nil left out, in order.
    public func compactMapValues(_ transform: (OpenAPIValue) throws -> OpenAPIValue?) rethrows -> OpenAPIObject {
        var mapped = OpenAPIObject()
        for (key, value) in self {
            if let value = try transform(value) { mapped.updateValue(value, forKey: key) }
        }
        return mapped
    }

    /// The members `isIncluded` keeps, in order.
    public func filter(_ isIncluded: ((key: String, value: OpenAPIValue)) throws -> Bool) rethrows -> OpenAPIObject {
        var kept = OpenAPIObject()
        for member in self where try isIncluded(member) { kept.updateValue(member.value, forKey: member.key) }
        return kept
    }

    /// This object with `other`'s members set over it: held keys keep their place, new ones are appended.
    public func merging(_ other: OpenAPIObject) -> OpenAPIObject {
        var merged = self
        merged.merge(other)
        return merged
    }

    /// Sets `other`'s members over this object's: held keys keep their place, new ones are appended.
    public mutating func merge(_ other: OpenAPIObject) {
        for (key, value) in other { updateValue(value, forKey: key) }
    }

    /// Sets `other`'s members over this object's, `combine` choosing the value of a key both hold:
    /// held keys keep their place, new ones are appended in `other`'s order.
    public mutating func merge(
        _ other: some Sequence<(key: String, value: OpenAPIValue)>,
        uniquingKeysWith combine: (OpenAPIValue, OpenAPIValue) throws -> OpenAPIValue
    ) rethrows {
        for (key, value) in other {
            if let held = self[key] {
                updateValue(try combine(held, value), forKey: key)
            } else {
                updateValue(value, forKey: key)
            }
        }
    }

    /// This object with `other`'s members set over it, as `merge(_:uniquingKeysWith:)` sets them.
    public func merging(
        _ other: some Sequence<(key: String, value: OpenAPIValue)>,
        uniquingKeysWith combine: (OpenAPIValue, OpenAPIValue) throws -> OpenAPIValue
    ) rethrows -> OpenAPIObject {
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    /// The members of `pairs` in their order, each key given once.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, OpenAPIValue)>) {
        self.init(pairs)
    }

    /// The values transformed into a dictionary of another value type, which holds no order.
    public func mapValues<T>(_ transform: (OpenAPIValue) throws -> T) rethrows -> [String: T] {
        var mapped: [String: T] = [:]
        for (key, value) in self { mapped[key] = try transform(value) }
        return mapped
    }

    /// The values transformed into a dictionary of another value type, nils left out.
    public func compactMapValues<T>(_ transform: (OpenAPIValue) throws -> T?) rethrows -> [String: T] {
        var mapped: [String: T] = [:]
        for (key, value) in self { mapped[key] = try transform(value) }
        return mapped
    }

    /// The members as a dictionary, which holds no order.
    public var dictionary: [String: OpenAPIValue] {
        Dictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
    }
}

extension OpenAPIObject: RandomAccessCollection {
    /// A member: its key and its value.
    public typealias Element = (key: String, value: OpenAPIValue)

    /// The first member's position, 0.
    public var startIndex: Int { 0 }
    /// The position past the last member: the count.
    public var endIndex: Int { keys.count }

    /// The member at `position`, as `(key, value)`.
    public subscript(position: Int) -> Element { (keys[position], values[position]) }
}

extension OpenAPIObject: ExpressibleByDictionaryLiteral {
    /// The members in the literal's order; a repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, OpenAPIValue)...) {
        self.init(elements)
    }
}

extension OpenAPIObject: Equatable {
    /// Whether both hold the same members, whatever their order.
    public static func == (lhs: OpenAPIObject, rhs: OpenAPIObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }
}

extension OpenAPIObject: Hashable {
    /// Hashes the members whatever their order, so equal objects hash equally.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension OpenAPIObject: Codable {
    /// Reads the members. Through the runtime's own decoder they keep the order they were read in;
    /// another `Decoder` reports keys in no order, so they are sorted.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoder.Node {
            guard case .object(let object) = tree.value else {
                throw DecodingError.typeMismatch(
                    OpenAPIObject.self,
                    .init(codingPath: tree.codingPath, debugDescription: "Expected an object, found \(tree.value)."))
            }
            self = object
            return
        }
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        self.init()
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            updateValue(try container.decode(OpenAPIValue.self, forKey: key), forKey: key.stringValue)
        }
    }

    /// Writes the members in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        for (key, value) in self { try container.encode(value, forKey: DynamicCodingKey(key)) }
    }
}

extension OpenAPIObject: CustomStringConvertible {
    /// The object as compact JSON text, members in order.
    public var description: String { OpenAPIValue.object(self).description }
}
