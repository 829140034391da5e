import Foundation

/// A coding key for any string, used for properties the schema does not name.
public struct DynamicCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }
    /// A key for the property named `string`.
    public init(_ string: String) { stringValue = string }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { stringValue = String(intValue) }
}

/// A key written as its JSON name (`forKey: "created_at"`): generated `init(from:)` and
/// `encode(to:)` name their keys this way rather than declaring a `CodingKeys` enum per type.
extension DynamicCodingKey: ExpressibleByStringLiteral {
    /// The key for the property named `value`.
    public init(stringLiteral value: String) { stringValue = value }
}

extension Decoder {
    /// The members of the current object whose keys are not in `knownKeys`, decoded as `T`.
    public func decodeAdditionalProperties<T: Decodable>(knownKeys: Set<String>) throws -> [String: T] {
        let container = try container(keyedBy: DynamicCodingKey.self)
        var result: [String: T] = [:]
        for key in container.allKeys where !knownKeys.contains(key.stringValue) {
            result[key.stringValue] = try container.decode(T.self, forKey: key)
        }
        return result
    }

    /// Fails when the current object has a key outside `knownKeys` (`additionalProperties: false`).
    public func ensureNoAdditionalProperties(knownKeys: Set<String>) throws {
        let container = try container(keyedBy: DynamicCodingKey.self)
        if let extra = container.allKeys.first(where: { !knownKeys.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: extra, in: container,
                debugDescription: "The property '\(extra.stringValue)' is not allowed here.")
        }
    }
}

extension Encoder {
    /// Writes `properties` as members of the current object, in key order.
    public func encodeAdditionalProperties<T: Encodable>(_ properties: [String: T]) throws {
        guard !properties.isEmpty else { return }
        var container = container(keyedBy: DynamicCodingKey.self)
        for key in properties.keys.sorted() {
            try container.encode(properties[key]!, forKey: DynamicCodingKey(key))
        }
    }
}

/// A value stored behind a reference, so a type may contain itself (recursive schemas).
public final class Box<Wrapped: Sendable & Hashable>: Sendable, Hashable {
    /// The value held.
    public let value: Wrapped
    /// Stores `value` behind a reference.
    public init(_ value: Wrapped) { self.value = value }
    public static func == (a: Box, b: Box) -> Bool { a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Box: Codable where Wrapped: Codable {
    public convenience init(from decoder: any Decoder) throws { self.init(try Wrapped(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// No branch of a `oneOf` (or `anyOf`) could decode the value.
public struct OneOfDecodingError: Error, Sendable, CustomStringConvertible {
    /// The name of the generated type that could not decode the value.
    public let typeName: String
    /// Where the value sits in the document, as keys joined by `.`.
    public let codingPath: String
    /// Why each branch refused the value, in branch order.
    public let errors: [String]
    /// An error for `typeName` at `codingPath`, with each branch's error.
    public init(typeName: String, codingPath: [any CodingKey], errors: [any Error]) {
        self.typeName = typeName
        self.codingPath = codingPath.map(\.stringValue).joined(separator: ".")
        self.errors = errors.map { "\($0)" }
    }
    public var description: String {
        "No schema of \(typeName) matches the value at '\(codingPath)': " + errors.joined(separator: "; ")
    }
}

/// Builds a server URL from a template with `{variable}`s.
public enum ServerURL {
    /// Thrown when the template with its variables filled in is not a URL.
    public struct InvalidURLError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }
    /// The URL of `template` with each `{name}` replaced by its value in `variables`.
    public static func url(_ template: String, variables: [(String, String)] = []) throws -> URL {
        var text = template
        for (name, value) in variables { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        guard let url = URL(string: text) else { throw InvalidURLError(description: "'\(text)' is not a URL.") }
        return url
    }
}
