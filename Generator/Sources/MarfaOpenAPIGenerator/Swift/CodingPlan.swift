/// How a generated type reads itself from a decoder and writes itself to an encoder. The builders
/// choose the plan; `SwiftRenderer` writes its coding keys, `init(from:)` and `encode(to:)`.
enum CodingPlan {
    /// A struct's properties under their JSON keys, read and written by `init(from:)` and
    /// `encode(to:)` written out with the runtime's `DynamicCodingKey` (cheaper to compile than a
    /// `CodingKeys` enum and synthesized coding per type).
    case keyed(KeyedCoding)
    /// The allOf fallback: every value decodes from the whole object and encodes into it.
    case composed([CodedProperty])
    /// An enum of known raw values and `unknown(_:)`: `init(rawValue:)`, `rawValue`, `allCases`.
    case rawValues(RawValueCoding)
    /// A oneOf whose branch a property names: read with `DynamicCodingKey`, and `unknown(_:)` for other values.
    case discriminated(DiscriminatedCoding)
    /// A oneOf without a discriminator: the branches are tried in order.
    case firstDecodable(UnionCoding)
    /// An anyOf: every value that decodes is kept; the first one set is written.
    case everyDecodable(UnionCoding)
}

/// A stored property as its type's coding code reads and writes it.
struct CodedProperty {
    enum Presence {
        /// Always present and never `null`.
        case required
        /// Always written; `null` reads as nil.
        case requiredNullable
        /// Absent reads as nil.
        case optional
        /// `MarfaOpenAPIRuntime.Nullable`: absent, `null` or a value.
        case nullableOptional
        /// Absent reads as this value.
        case defaulted(SwiftExpr)
    }

    /// The property's name in Swift.
    var name: String
    /// Where the value is stored: the name, or the `Box` behind it.
    var storage: String
    var key: String
    /// The value's type, without the optionality its presence adds.
    var type: SwiftType
    var presence: Presence
    var boxed: Bool
    /// The value holds date-times: it is coded through `RFC3339Coding`, whatever the coder's strategy.
    var rfc3339 = false
}

struct KeyedCoding {
    var properties: [CodedProperty]
    /// The value type of members the schema does not name, kept in `additionalProperties`.
    var additional: SwiftType?
    /// The unnamed members hold date-times, coded through `RFC3339Coding`.
    var additionalRFC3339 = false
    /// Members the schema does not name are refused.
    var closed: Bool
}

struct RawValueCoding {
    var rawType: SwiftType
    var cases: [(name: String, value: SwiftLiteral)]
}

struct DiscriminatedCoding {
    var propertyName: String
    /// Each case with the values of the property that select it, and whether it holds date-times.
    var cases: [(name: String, values: [String], rfc3339: Bool)]
}

struct UnionCoding {
    /// The type's name, for decoding errors.
    var typeName: String
    /// Each case or value with the type it decodes as; `tried` is false for a branch that is the
    /// union itself (trying it would recurse forever); `rfc3339` when it holds date-times.
    var branches: [(name: String, type: SwiftType, tried: Bool, rfc3339: Bool)]
}
