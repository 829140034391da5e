import Foundation

/// Flattens an `Encodable` parameter value into a `URIValue`.
///
/// Primitives become text (booleans `true`/`false`, dates RFC 3339); arrays of primitives become
/// `.array`; structs and dictionaries become `.object`. Nil members of an object are left out.
public enum URIValueEncoder {
    /// Flattens `value` to a primitive, a list or an object of text for URI coding.
    public static func encode<T: Encodable>(_ value: T) throws -> URIValue {
        if let text = primitiveText(value) { return .primitive(text) }
        let box = Box()
        try value.encode(to: Encoder(box: box, codingPath: []))
        return box.value ?? .primitive("")
    }

    static func primitiveText(_ value: Any) -> String? {
        switch value {
        case let v as String: v
        case let v as Bool: v ? "true" : "false"
        case let v as Int: String(v)
        case let v as Int64: String(v)
        case let v as Int32: String(v)
        case let v as Double: v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case let v as Float: String(v)
        case let v as Date: ISO8601.string(from: v)
        case let v as CalendarDate: v.description
        case let v as Base64EncodedData: v.data.base64EncodedString()
        case let v as UUID: v.uuidString.lowercased()
        default: nil
        }
    }

    final class Box {
        var value: URIValue?
    }

    struct EncodingFailure: Error, CustomStringConvertible {
        let description: String
    }

    struct Encoder: Swift.Encoder {
        let box: Box
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if box.value == nil { box.value = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if box.value == nil { box.value = .array([]) }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(box: box, codingPath: codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]
        mutating func encodeNil() throws { box.value = nil }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let text = primitiveText(value) {
                box.value = .primitive(text)
            } else {
                try value.encode(to: Encoder(box: box, codingPath: codingPath))
            }
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        var codingPath: [any CodingKey]
        var count: Int {
            if case .array(let items) = box.value { return items.count }
            return 0
        }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {
            let element = try URIValueEncoder.encode(value)
            guard case .primitive(let text) = element else {
                throw EncodingFailure(description: "A list parameter can hold only simple values.")
            }
            if case .array(var items) = box.value {
                items.append(text)
                box.value = .array(items)
            }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Keyed<NestedKey>(box: Box(), codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(box: Box(), codingPath: codingPath)
        }
        mutating func superEncoder() -> any Swift.Encoder { Encoder(box: Box(), codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [any CodingKey]

        private func append(_ key: Key, _ value: URIValue) {
            if case .object(var members) = box.value {
                members.append((key.stringValue, value))
                box.value = .object(members)
            }
        }

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let member = Box()
            if let text = primitiveText(value) {
                member.value = .primitive(text)
            } else {
                try value.encode(to: Encoder(box: member, codingPath: codingPath + [key]))
            }
            if let encoded = member.value { append(key, encoded) }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            let member = Box()
            member.value = .object([])
            append(key, .object([]))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: member, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(box: Box(), codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Swift.Encoder { Encoder(box: box, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Swift.Encoder {
            Encoder(box: Box(), codingPath: codingPath + [key])
        }
    }
}
