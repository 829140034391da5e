/// A value that may be an explicit JSON `null`.
///
/// Generated code types an optional property that allows null as `Nullable<T>?`, keeping three states
/// apart: `nil` (the key is absent), `.null` (the key is present with `null`) and `.value(v)`.
public enum Nullable<Wrapped> {
    /// The key is present with an explicit `null`.
    case null
    /// The key is present with a value.
    case value(Wrapped)

    /// The wrapped value, or nil for `.null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    /// `.value(wrapped)` for a value, `.null` for nil.
    public init(_ wrapped: Wrapped?) {
        self = wrapped.map(Nullable.value) ?? .null
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension KeyedDecodingContainer {
    /// Reads a key that may be absent (nil) or hold `null` (`.null`): synthesized `Decodable`
    /// conformances pick this overload, so they keep absent and null apart.
    public func decodeIfPresent<Wrapped: Decodable>(
        _ type: Nullable<Wrapped>.Type, forKey key: Key
    ) throws -> Nullable<Wrapped>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Wrapped.self, forKey: key))
    }
}

extension Nullable: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
    ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByStringLiteral {
    public init(stringLiteral value: Wrapped.StringLiteralType) { self = .value(Wrapped(stringLiteral: value)) }
    public init(unicodeScalarLiteral value: Wrapped.StringLiteralType) { self = .value(Wrapped(stringLiteral: value)) }
    public init(extendedGraphemeClusterLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Wrapped.IntegerLiteralType) { self = .value(Wrapped(integerLiteral: value)) }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) { self = .value(Wrapped(booleanLiteral: value)) }
}
