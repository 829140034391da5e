import Foundation

/// Rebuilds a `Decodable` parameter value from a `URIValue`: the reverse of `URIValueEncoder`.
public enum URIValueDecoder {
    /// Reads a `T` from a flattened parameter value.
    public static func decode<T: Decodable>(_ type: T.Type, from value: URIValue) throws -> T {
        if case .primitive(let text) = value, let primitive = try primitive(type, text, codingPath: []) {
            return primitive
        }
        return try build(type, from: value, codingPath: [])
    }

    /// A `T` made by its own `init(from:)` over `value`. `reading` lists the types whose
    /// `init(from:)` led here through single-value containers: a type that asks for itself again
    /// (`String` read from a list or an object, or a type the primitives don't cover) is a type
    /// mismatch, never an endless recursion.
    static func build<T: Decodable>(
        _ type: T.Type, from value: URIValue, codingPath: [any CodingKey], reading: [ObjectIdentifier] = []
    ) throws -> T {
        let id = ObjectIdentifier(type)
        guard !reading.contains(id) else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "The value can't be read as \(T.self)."))
        }
        return try T(from: Decoder(value: value, codingPath: codingPath, reading: reading + [id]))
    }

    static func primitive<T>(_ type: T.Type, _ text: String, codingPath: [any CodingKey]) throws -> T? {
        func fail() -> DecodingError {
            .dataCorrupted(.init(codingPath: codingPath, debugDescription: "'\(text)' is not a valid \(T.self)."))
        }
        switch type {
        case is String.Type: return text as? T
        case is Bool.Type:
            switch text {
            case "true", "1": return true as? T
            case "false", "0": return false as? T
            default: throw fail()
            }
        case is Int.Type:
            guard let v = Int(text) else { throw fail() }
            return v as? T
        case is Int64.Type:
            guard let v = Int64(text) else { throw fail() }
            return v as? T
        case is Int32.Type:
            guard let v = Int32(text) else { throw fail() }
            return v as? T
        case is Double.Type:
            guard let v = Double(text) else { throw fail() }
            return v as? T
        case is Float.Type:
            guard let v = Float(text) else { throw fail() }
            return v as? T
        case is Date.Type:
            guard let v = ISO8601.date(from: text) else { throw fail() }
            return v as? T
        case is CalendarDate.Type:
            guard let v = CalendarDate(text) else { throw fail() }
            return v as? T
        case is UUID.Type:
            guard let v = UUID(uuidString: text) else { throw fail() }
            return v as? T
        case is Base64EncodedData.Type:
            guard let v = Data(base64Encoded: Base64EncodedData.padded(text)) else { throw fail() }
            return Base64EncodedData(v) as? T
        default: return nil
        }
    }

    struct Decoder: Swift.Decoder {
        let value: URIValue
        var codingPath: [any CodingKey]
        /// The types being made over `value` through single-value containers (see `build`).
        var reading: [ObjectIdentifier] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else {
                throw DecodingError.typeMismatch(
                    [String: String].self, .init(codingPath: codingPath, debugDescription: "Expected an object."))
            }
            return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            switch value {
            case .array(let items): return Unkeyed(items: items, codingPath: codingPath)
            case .primitive(let item): return Unkeyed(items: item.isEmpty ? [] : [item], codingPath: codingPath)
            case .object:
                throw DecodingError.typeMismatch(
                    [String].self, .init(codingPath: codingPath, debugDescription: "Expected a list."))
            }
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(value: value, codingPath: codingPath, reading: reading)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let value: URIValue
        var codingPath: [any CodingKey]
        var reading: [ObjectIdentifier]
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if case .primitive(let text) = value, let primitive = try primitive(type, text, codingPath: codingPath) {
                return primitive
            }
            return try build(type, from: value, codingPath: codingPath, reading: reading)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [String]
        var codingPath: [any CodingKey]
        var currentIndex = 0
        init(items: [String], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: codingPath, debugDescription: "No more items."))
            }
            defer { currentIndex += 1 }
            return try URIValueDecoder.decode(type, from: .primitive(items[currentIndex]))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "Nested lists are not supported."))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [String].self, .init(codingPath: codingPath, debugDescription: "Nested lists are not supported."))
        }
        mutating func superDecoder() throws -> any Swift.Decoder {
            Decoder(value: .array(items), codingPath: codingPath)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(String, URIValue)]
        var codingPath: [any CodingKey]
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }
        func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }
        private func member(_ key: Key) throws -> URIValue {
            guard let found = members.first(where: { $0.0 == key.stringValue }) else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value for '\(key.stringValue)'."))
            }
            return found.1
        }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let value = try member(key)
            if case .primitive(let text) = value,
                let primitive = try primitive(type, text, codingPath: codingPath + [key])
            {
                return primitive
            }
            return try build(type, from: value, codingPath: codingPath + [key])
        }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try Decoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try Decoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
        }
        func superDecoder() throws -> any Swift.Decoder { Decoder(value: .object(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Swift.Decoder {
            Decoder(value: try member(key), codingPath: codingPath + [key])
        }
    }
}
