import Foundation
import MarfaOpenAPIRuntime

/// An object parameter with required and optional members of the types parameters carry.
struct PersonSample: Codable, Hashable {
    var role: String
    var firstName: String
    var age: Int?
    var admitted: Bool?
}

/// Reads a flattened value as each type a generated server reads parameters into; a value that
/// does not fit a type is an error, never a crash.
enum ParameterSamples {
    static func decodeAll(_ value: URIValue) {
        _ = try? URIValueDecoder.decode(String.self, from: value)
        _ = try? URIValueDecoder.decode(Int.self, from: value)
        _ = try? URIValueDecoder.decode(Int32.self, from: value)
        _ = try? URIValueDecoder.decode(Double.self, from: value)
        _ = try? URIValueDecoder.decode(Bool.self, from: value)
        _ = try? URIValueDecoder.decode(Date.self, from: value)
        _ = try? URIValueDecoder.decode(CalendarDate.self, from: value)
        _ = try? URIValueDecoder.decode(UUID.self, from: value)
        _ = try? URIValueDecoder.decode(Base64EncodedData.self, from: value)
        _ = try? URIValueDecoder.decode([Int].self, from: value)
        _ = try? URIValueDecoder.decode([String].self, from: value)
        _ = try? URIValueDecoder.decode(PersonSample.self, from: value)
        _ = try? URIValueDecoder.decode([String: String].self, from: value)
    }
}
