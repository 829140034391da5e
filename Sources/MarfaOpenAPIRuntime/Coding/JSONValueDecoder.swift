import Foundation

/// Decodes a `Decodable` value from an `OpenAPIValue` tree, as `JSONDecoder` would from its text:
/// dates from RFC 3339 text, `Data` from base64, URLs from strings, a number with a fraction of
/// zero read as an integer. An `OpenAPIValue` or `OpenAPIObject` inside the value is taken from the
/// tree as it is, so an object keeps the order its members were read in. An integer past `Int64`'s
/// range is held as a `Double` (as `OpenAPIValue` holds it), so a `UInt64` above `Int64.max` reads
/// exactly only where a `Double` holds it exactly.
package enum JSONValueDecoder {
    /// `value` read as `type`.
    /// - Throws: `DecodingError` naming the coding path where the value doesn't fit.
    package static func decode<T: Decodable>(_ type: T.Type, from value: OpenAPIValue) throws -> T {
        try Node(value: value, codingPath: []).read(T.self)
    }

    /// One value of the tree and where it sits: the `Decoder` every container hands out.
    struct Node: Decoder {
        let value: OpenAPIValue
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let object) = value else { throw mismatch([String: OpenAPIValue].self) }
            return KeyedDecodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw mismatch([OpenAPIValue].self) }
            return Unkeyed(elements: elements, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: self) }

        /// The value as `T`, with the types `JSONDecoder` reads from text read the same way.
        func read<T: Decodable>(_ type: T.Type) throws -> T {
            if T.self == Date.self { return try date() as! T }
            if T.self == Data.self { return try data() as! T }
            if T.self == URL.self { return try url() as! T }
            if T.self == Decimal.self { return try decimal() as! T }
            return try T(from: self)
        }

        func mismatch(_ type: Any.Type) -> DecodingError {
            if value == .null {
                return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Found null."))
            }
            return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Found \(kind)."))
        }

        private var kind: String {
            switch value {
            case .null: "null"
            case .bool: "a boolean"
            case .int, .double: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        func bool() throws -> Bool {
            guard case .bool(let flag) = value else { throw mismatch(Bool.self) }
            return flag
        }

        func string() throws -> String {
            guard case .string(let text) = value else { throw mismatch(String.self) }
            return text
        }

        func double() throws -> Double {
            switch value {
            case .int(let number): return Double(number)
            case .double(let number): return number
            default: throw mismatch(Double.self)
            }
        }

        func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            let exact: I? =
                switch value {
                case .int(let number): I(exactly: number)
                case .double(let number): I(exactly: number)
                default: throw mismatch(I.self)
                }
            guard let exact else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "The number \(value) does not fit in \(I.self)."))
            }
            return exact
        }

        private func date() throws -> Date {
            let text = try string()
            guard let date = ISO8601.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Expected an RFC 3339 date-time, found '\(text)'."))
            }
            return date
        }

        private func data() throws -> Data {
            guard let data = Data(base64Encoded: try string()) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Expected base64."))
            }
            return data
        }

        private func url() throws -> URL {
            guard let url = URL(string: try string()) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Expected a URL."))
            }
            return url
        }

        private func decimal() throws -> Decimal {
            switch value {
            case .int(let number): return Decimal(number)
            case .double(let number): return Decimal(number)
            default: throw mismatch(Decimal.self)
            }
        }
    }

    /// The members of an object, read by key.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: OpenAPIObject
        let codingPath: [any CodingKey]

        var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { object.index(forKey: key.stringValue) != nil }

        func node(_ key: Key) throws -> Node {
            guard let value = object[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "No value for '\(key.stringValue)'."))
            }
            return Node(value: value, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool { try node(key).value == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try node(key).bool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try node(key).string() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try node(key).double() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try node(key).double()) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try node(key).integer(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try node(key).integer(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try node(key).integer(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try node(key).integer(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try node(key).integer(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try node(key).integer(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try node(key).integer(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try node(key).integer(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try node(key).integer(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try node(key).integer(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).read(type) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try node(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try node(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { Node(value: .object(object), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            Node(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    /// The elements of an array, read in turn.
    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [OpenAPIValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(elements: [OpenAPIValue], codingPath: [any CodingKey]) {
            self.elements = elements
            self.codingPath = codingPath
        }

        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        /// The next element, moving past it.
        mutating func next(_ type: Any.Type) throws -> Node {
            let key = ArrayIndexKey(currentIndex)
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, .init(codingPath: codingPath + [key], debugDescription: "The array has no more elements."))
            }
            defer { currentIndex += 1 }
            return Node(value: elements[currentIndex], codingPath: codingPath + [key])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).bool() }
        mutating func decode(_ type: String.Type) throws -> String { try next(type).string() }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type).double() }
        mutating func decode(_ type: Float.Type) throws -> Float { Float(try next(type).double()) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type).integer(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).integer(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).integer(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).integer(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).integer(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).integer(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).integer(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).integer(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).integer(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).integer(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).read(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next(type).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next([OpenAPIValue].self).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next(OpenAPIValue.self) }
    }

    /// The one value of a node.
    struct Single: SingleValueDecodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        func decodeNil() -> Bool { node.value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try node.bool() }
        func decode(_ type: String.Type) throws -> String { try node.string() }
        func decode(_ type: Double.Type) throws -> Double { try node.double() }
        func decode(_ type: Float.Type) throws -> Float { Float(try node.double()) }
        func decode(_ type: Int.Type) throws -> Int { try node.integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try node.integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try node.integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try node.integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try node.integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try node.integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try node.integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try node.integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try node.integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try node.integer(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try node.read(type) }
    }
}

/// The key of the element at an array's position, as coders name it in a coding path.
struct ArrayIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
