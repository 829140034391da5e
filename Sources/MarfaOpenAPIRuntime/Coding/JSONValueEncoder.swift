import Foundation

/// Encodes an `Encodable` value into an `OpenAPIValue` tree, as `JSONEncoder` would into text:
/// dates as RFC 3339 text, `Data` as base64, URLs as strings, a `nil` optional left out. A keyed
/// container's members keep the order they were encoded in (a generated type's: its schema's),
/// or are sorted when asked; an `OpenAPIValue` or `OpenAPIObject` inside the value is taken as it is,
/// its own order kept either way.
package enum JSONValueEncoder {
    /// `value` as a JSON tree.
    /// - Throws: `EncodingError.invalidValue` for an infinite or NaN number, naming its coding path.
    package static func encode<T: Encodable>(_ value: T, sortingKeys: Bool = false) throws -> OpenAPIValue {
        let root = Slot()
        try Node(slot: root, codingPath: [], sortingKeys: sortingKeys).write(value)
        return root.built(sortingKeys: sortingKeys)
    }

    /// Where one value is being built: nothing yet, a finished value, an object or an array.
    final class Slot {
        enum Kind { case empty, value, object, array }

        var kind = Kind.empty
        var value = OpenAPIValue.null
        var keys: [String] = []
        var members: [String: Slot] = [:]
        var elements: [Slot] = []

        func built(sortingKeys: Bool) -> OpenAPIValue {
            switch kind {
            case .empty: return .object(OpenAPIObject())
            case .value: return value
            case .array: return .array(elements.map { $0.built(sortingKeys: sortingKeys) })
            case .object:
                let order = sortingKeys ? keys.sorted() : keys
                var object = OpenAPIObject()
                for key in order {
                    if let member = members[key] {
                        object.updateValue(member.built(sortingKeys: sortingKeys), forKey: key)
                    }
                }
                return .object(object)
            }
        }

        func set(_ value: OpenAPIValue) {
            kind = .value
            self.value = value
        }

        /// The slot for `key`, made when new; the object begins here if nothing was written yet.
        func member(_ key: String) -> Slot {
            beginObject()
            if let held = members[key] { return held }
            let slot = Slot()
            keys.append(key)
            members[key] = slot
            return slot
        }

        /// A new slot at the end of the array; the array begins here if nothing was written yet.
        func element() -> Slot {
            beginArray()
            let slot = Slot()
            elements.append(slot)
            return slot
        }

        func beginObject() { if kind != .object { kind = .object } }
        func beginArray() { if kind != .array { kind = .array } }
    }

    /// The `Encoder` for one slot.
    struct Node: Encoder {
        let slot: Slot
        let codingPath: [any CodingKey]
        let sortingKeys: Bool
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            slot.beginObject()
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            slot.beginArray()
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: self) }

        func child(_ slot: Slot, _ key: any CodingKey) -> Node {
            Node(slot: slot, codingPath: codingPath + [key], sortingKeys: sortingKeys)
        }

        func set(_ value: OpenAPIValue) { slot.set(value) }

        func set(_ number: Double) throws {
            guard number.isFinite else {
                throw EncodingError.invalidValue(
                    number, .init(codingPath: codingPath, debugDescription: "JSON cannot hold \(number)."))
            }
            set(.double(number))
        }

        func set<I: FixedWidthInteger>(_ number: I) {
            if let exact = Int64(exactly: number) { set(.int(exact)) } else { set(.double(Double(number))) }
        }

        /// Writes `value`, with the types `JSONEncoder` writes as text written the same way.
        func write<T: Encodable>(_ value: T) throws {
            switch value {
            case let json as OpenAPIValue: set(json)
            case let object as OpenAPIObject: set(.object(object))
            case let date as Date: set(.string(ISO8601.string(from: date)))
            case let data as Data: set(.string(data.base64EncodedString()))
            case let url as URL: set(.string(url.absoluteString))
            case let decimal as Decimal: try set(NSDecimalNumber(decimal: decimal).doubleValue)
            case let number as Double: try set(number)
            case let number as Float: try set(Double(number))
            default: try value.encode(to: self)
            }
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        func member(_ key: Key) -> Node { node.child(node.slot.member(key.stringValue), key) }

        mutating func encodeNil(forKey key: Key) throws { member(key).set(.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { member(key).set(.bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { member(key).set(.string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).set(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).set(Double(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key).set(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key).set(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(key).write(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            member(key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            member(key).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { node.child(node.slot.member("super"), DynamicCodingKey("super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }
        var count: Int { node.slot.elements.count }

        func element() -> Node { node.child(node.slot.element(), ArrayIndexKey(count)) }

        mutating func encodeNil() throws { element().set(.null) }
        mutating func encode(_ value: Bool) throws { element().set(.bool(value)) }
        mutating func encode(_ value: String) throws { element().set(.string(value)) }
        mutating func encode(_ value: Double) throws { try element().set(value) }
        mutating func encode(_ value: Float) throws { try element().set(Double(value)) }
        mutating func encode(_ value: Int) throws { element().set(value) }
        mutating func encode(_ value: Int8) throws { element().set(value) }
        mutating func encode(_ value: Int16) throws { element().set(value) }
        mutating func encode(_ value: Int32) throws { element().set(value) }
        mutating func encode(_ value: Int64) throws { element().set(value) }
        mutating func encode(_ value: UInt) throws { element().set(value) }
        mutating func encode(_ value: UInt8) throws { element().set(value) }
        mutating func encode(_ value: UInt16) throws { element().set(value) }
        mutating func encode(_ value: UInt32) throws { element().set(value) }
        mutating func encode(_ value: UInt64) throws { element().set(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try element().write(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            element().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { element() }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        mutating func encodeNil() throws { node.set(.null) }
        mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
        mutating func encode(_ value: String) throws { node.set(.string(value)) }
        mutating func encode(_ value: Double) throws { try node.set(value) }
        mutating func encode(_ value: Float) throws { try node.set(Double(value)) }
        mutating func encode(_ value: Int) throws { node.set(value) }
        mutating func encode(_ value: Int8) throws { node.set(value) }
        mutating func encode(_ value: Int16) throws { node.set(value) }
        mutating func encode(_ value: Int32) throws { node.set(value) }
        mutating func encode(_ value: Int64) throws { node.set(value) }
        mutating func encode(_ value: UInt) throws { node.set(value) }
        mutating func encode(_ value: UInt8) throws { node.set(value) }
        mutating func encode(_ value: UInt16) throws { node.set(value) }
        mutating func encode(_ value: UInt32) throws { node.set(value) }
        mutating func encode(_ value: UInt64) throws { node.set(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.write(value) }
    }
}
