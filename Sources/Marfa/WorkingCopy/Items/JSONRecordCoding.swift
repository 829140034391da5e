import Foundation
import MarfaOpenAPIRuntime

extension JSONValue {
    /// The JSON form of an `Encodable` value: its property names as its coding keys say, in the order
    /// it encodes them (a synthesized `Codable` struct's: its declaration order), its dates as
    /// RFC 3339 text, a `nil` optional left out (as `JSONEncoder` leaves it).
    /// - Throws: `MarfaError.invalid` naming the field that has no JSON form (an infinite or NaN
    ///   number, or a value whose `encode(to:)` throws).
    public init(encoding value: some Encodable) throws {
        do {
            self = try JSONValueEncoder.encode(value)
        } catch let error as EncodingError {
            throw RecordCoding.failure(encoding: error, of: type(of: value))
        } catch {
            throw MarfaError.invalid(message: "A \(type(of: value)) could not be written as JSON: \(error).")
        }
    }

    /// The value read as `type`, the way `JSONDecoder` reads it: property names as the type's coding
    /// keys say, dates from RFC 3339 text.
    /// - Throws: `MarfaError.validation` with code `record_mismatch`, its message and
    ///   `details["field"]` naming the field (`address.city`, `tags[2]`) that is missing or of
    ///   another kind; the value itself is untouched.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try JSONValueDecoder.decode(T.self, from: self)
        } catch let error as DecodingError {
            throw RecordCoding.failure(decoding: error, as: T.self)
        }
    }
}

/// Turns the coders' errors into `MarfaError`s that name the field.
enum RecordCoding {
    /// `path` written as a field name: keys joined by dots, array positions in brackets.
    static func field(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }

    /// A decoding failure as a `validation` error naming the field.
    static func failure<T>(decoding error: DecodingError, as type: T.Type) -> MarfaError {
        let path: [any CodingKey]
        let problem: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            problem = "is missing"
        case .valueNotFound(let expected, let context):
            path = context.codingPath
            problem = "is null where a \(expected) is expected"
        case .typeMismatch(let expected, let context):
            path = context.codingPath
            problem = "is not a \(expected)"
        case .dataCorrupted(let context):
            path = context.codingPath
            problem = "cannot be read: \(context.debugDescription)"
        @unknown default:
            path = []
            problem = "cannot be read: \(error)"
        }
        let field = self.field(path)
        let named = field.isEmpty ? "The value" : "The field `\(field)`"
        return .validation(
            code: "record_mismatch", message: "\(named) \(problem), so it cannot be read as a \(T.self).",
            details: ["field": .string(field), "record": .string(String(describing: T.self))])
    }

    /// An encoding failure as an `invalid` error naming the field.
    static func failure(encoding error: EncodingError, of type: Any.Type) -> MarfaError {
        guard case .invalidValue(let value, let context) = error else {
            return .invalid(message: "A \(type) could not be written as JSON: \(error).")
        }
        let field = self.field(context.codingPath)
        let named = field.isEmpty ? "the value" : "the field `\(field)`"
        return .invalid(
            message: "A \(type) could not be written as JSON: \(named) holds \(value), which JSON cannot hold.")
    }
}
