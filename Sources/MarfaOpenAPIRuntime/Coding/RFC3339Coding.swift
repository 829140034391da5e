import Foundation

/// A value whose `date-time`s are written as RFC 3339 text whatever date strategy the coder has.
///
/// Generated types code their `date-time` properties through this protocol, so a plain
/// `JSONDecoder()`, one set to `.iso8601` or to `.secondsSince1970` all read the wire's text, and any
/// `JSONEncoder` writes it back. `Date` conforms, and so do optionals, arrays, string-keyed
/// dictionaries, `Nullable` and `Box` of conforming values.
public protocol RFC3339Coding {
    /// Reads the value, its dates from RFC 3339 text.
    init(rfc3339From decoder: any Decoder) throws
    /// Writes the value, its dates as RFC 3339 text.
    func encodeRFC3339(to encoder: any Encoder) throws
}

extension Date: RFC3339Coding {
    /// Reads RFC 3339 text (any fraction, any offset). Anything else is refused, a number too: a
    /// `oneOf` of a date-time and a number tells them apart by it.
    public init(rfc3339From decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ISO8601.date(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "Expected an RFC 3339 date-time, found '\(text)': \(error).",
                    underlyingError: error))
        }
    }

    /// Writes the date in UTC, e.g. `2026-11-29T12:00:00.25Z`.
    public func encodeRFC3339(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ISO8601.string(from: self))
    }
}

extension Optional: RFC3339Coding where Wrapped: RFC3339Coding {
    /// `null` reads as nil.
    public init(rfc3339From decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeNil() ? nil : try Wrapped(rfc3339From: decoder)
    }

    /// nil is written as `null`.
    public func encodeRFC3339(to encoder: any Encoder) throws {
        guard let self else {
            var container = encoder.singleValueContainer()
            return try container.encodeNil()
        }
        try self.encodeRFC3339(to: encoder)
    }
}

extension Array: RFC3339Coding where Element: RFC3339Coding {
    public init(rfc3339From decoder: any Decoder) throws {
        self = try [RFC3339Coded<Element>](from: decoder).map { $0.value }
    }

    public func encodeRFC3339(to encoder: any Encoder) throws {
        try map { RFC3339Coded($0) }.encode(to: encoder)
    }
}

extension Dictionary: RFC3339Coding where Key == String, Value: RFC3339Coding {
    public init(rfc3339From decoder: any Decoder) throws {
        self = try [String: RFC3339Coded<Value>](from: decoder).mapValues { $0.value }
    }

    public func encodeRFC3339(to encoder: any Encoder) throws {
        try mapValues { RFC3339Coded($0) }.encode(to: encoder)
    }
}

extension Nullable: RFC3339Coding where Wrapped: RFC3339Coding {
    public init(rfc3339From decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeNil() ? .null : .value(try Wrapped(rfc3339From: decoder))
    }

    public func encodeRFC3339(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .value(let wrapped): try wrapped.encodeRFC3339(to: encoder)
        }
    }
}

extension Box: RFC3339Coding where Wrapped: RFC3339Coding {
    public convenience init(rfc3339From decoder: any Decoder) throws { self.init(try Wrapped(rfc3339From: decoder)) }
    public func encodeRFC3339(to encoder: any Encoder) throws { try value.encodeRFC3339(to: encoder) }
}

/// A value coded through `RFC3339Coding`, for the places a `Codable` type is needed.
public struct RFC3339Coded<Value: RFC3339Coding>: Codable {
    /// The value.
    public var value: Value
    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }
    public init(from decoder: any Decoder) throws { value = try Value(rfc3339From: decoder) }
    public func encode(to encoder: any Encoder) throws { try value.encodeRFC3339(to: encoder) }
}

extension KeyedDecodingContainer {
    /// The value under `key`, its dates read from RFC 3339 text.
    public func decodeRFC3339<T: RFC3339Coding>(_ type: T.Type, forKey key: Key) throws -> T {
        try decode(RFC3339Coded<T>.self, forKey: key).value
    }

    /// The value under `key`, or nil when the key is absent or `null`.
    public func decodeRFC3339IfPresent<T: RFC3339Coding>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(RFC3339Coded<T>.self, forKey: key)?.value
    }

    /// Nil when the key is absent, `.null` when it holds `null`, else the value.
    public func decodeRFC3339IfPresent<T: RFC3339Coding>(
        _ type: Nullable<T>.Type, forKey key: Key
    ) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decodeRFC3339(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes `value` under `key`, its dates as RFC 3339 text.
    public mutating func encodeRFC3339<T: RFC3339Coding>(_ value: T, forKey key: Key) throws {
        try encode(RFC3339Coded(value), forKey: key)
    }

    /// Writes `value` under `key` unless it is nil.
    public mutating func encodeRFC3339IfPresent<T: RFC3339Coding>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value.map { RFC3339Coded($0) }, forKey: key)
    }
}

extension Decoder {
    /// The members outside `knownKeys`, decoded as `T` with their dates read from RFC 3339 text.
    public func decodeRFC3339AdditionalProperties<T: RFC3339Coding>(knownKeys: Set<String>) throws -> [String: T] {
        let coded: [String: RFC3339Coded<T>] = try decodeAdditionalProperties(knownKeys: knownKeys)
        return coded.mapValues { $0.value }
    }
}

extension Encoder {
    /// Writes `properties` as members of the current object, their dates as RFC 3339 text.
    public func encodeRFC3339AdditionalProperties<T: RFC3339Coding>(_ properties: [String: T]) throws {
        try encodeAdditionalProperties(properties.mapValues { RFC3339Coded($0) })
    }
}
