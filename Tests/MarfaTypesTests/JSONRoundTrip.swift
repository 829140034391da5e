import Foundation
import MarfaOpenAPIRuntime
import Testing

/// The JSON value `text` spells, parsed, so two texts compare equal whatever their key order and spacing.
func jsonValue(_ text: String) throws -> OpenAPIValue {
    try JSONCoding.decode(OpenAPIValue.self, from: Data(text.utf8))
}

/// The JSON value `value` encodes to, as generated code writes it on the wire.
func jsonValue<T: Encodable>(encoding value: T) throws -> OpenAPIValue {
    try JSONCoding.decode(OpenAPIValue.self, from: JSONCoding.encode(value))
}

/// Reads `text` as a `T` with the generated code's decoder, writes it back with its encoder, and
/// expects the same JSON value as the text: nothing lost, nothing added, `null` kept apart from
/// absent, and reading that output again gives an equal value. Returns what was read, for field-level checks.
func roundTrip<T: Codable & Equatable>(
    _ type: T.Type, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> T {
    let decoded = try JSONCoding.decode(T.self, from: Data(text.utf8))
    let written = try jsonValue(encoding: decoded)
    #expect(
        written == (try jsonValue(text)), "\(T.self) did not write back what it read", sourceLocation: sourceLocation)
    let again = try JSONCoding.decode(T.self, from: JSONCoding.encode(decoded))
    #expect(again == decoded, "\(T.self) reads back differently what it wrote", sourceLocation: sourceLocation)
    return decoded
}
