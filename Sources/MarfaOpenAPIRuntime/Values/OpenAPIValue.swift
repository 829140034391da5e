/// A free-form JSON value, for schemas that allow any value.
public enum OpenAPIValue: Sendable, Hashable, Codable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([OpenAPIValue])
    /// An object: its members by key, in order.
    case object(OpenAPIObject)

    /// Reads any JSON value. Through the runtime's own decoder (`JSONCoding.decode`) the value is
    /// taken as it was read, objects in their order; another `Decoder` reports keys in no order, so
    /// an object's keys are sorted.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoder.Node {
            self = tree.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int64.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([OpenAPIValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode(OpenAPIObject.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string, or nil for any other value.
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    /// The boolean, or nil for any other value.
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// The integer, or nil for any other value (a `double` included).
    public var int: Int64? { if case .int(let v) = self { v } else { nil } }
    /// The number, whether written as an integer or not.
    public var double: Double? {
        switch self {
        case .double(let v): v
        case .int(let v): Double(v)
        default: nil
        }
    }
    /// The array's values, or nil for any other value.
    public var array: [OpenAPIValue]? { if case .array(let v) = self { v } else { nil } }
    /// The object's members, or nil for any other value.
    public var object: OpenAPIObject? { if case .object(let v) = self { v } else { nil } }
    /// Whether the value is JSON `null`.
    public var isNull: Bool { self == .null }

    /// The value of `key` when this is an object.
    public subscript(key: String) -> OpenAPIValue? { object?[key] }
}

/// A free-form JSON value (the name generated code uses for schemas without a type).
public typealias OpenAPIValueContainer = OpenAPIValue
/// A free-form JSON object, its members in order.
public typealias OpenAPIObjectContainer = OpenAPIObject
/// A free-form JSON array.
public typealias OpenAPIArrayContainer = [OpenAPIValue]

extension OpenAPIValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: OpenAPIValue...) { self = .array(elements) }
    /// An object of the literal's members, in the literal's order.
    public init(dictionaryLiteral elements: (String, OpenAPIValue)...) {
        self = .object(OpenAPIObject(elements))
    }
}

extension OpenAPIValue: CustomStringConvertible {
    /// The value as compact JSON text, object members in order.
    public var description: String { JSONTextWriter.text(self) }
}
