extension Telemetry {
    /// The value of an event's attribute: a number, a boolean, or text fixed in the app's source.
    ///
    /// Literals convert: `["pending": 3, "ratio": 0.5, "complete": true, "phase": "drain"]`. A
    /// `String` made at run time does not, so it can't be sent by mistake; a number made at run
    /// time goes in as `.integer(Int64(count))` or `.double(ratio)`.
    public enum AttributeValue: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
        ExpressibleByBooleanLiteral, ExpressibleByStringLiteral, CustomStringConvertible
    {
        /// Sent as an OTLP `intValue`.
        case integer(Int64)
        /// Sent as an OTLP `doubleValue`; NaN and the infinities as the strings proto3 JSON uses.
        case double(Double)
        /// Sent as an OTLP `boolValue`.
        case bool(Bool)
        /// Sent as an OTLP `stringValue`.
        case text(StaticString)

        /// An integer literal: `["pending": 3]`.
        public init(integerLiteral value: Int64) { self = .integer(value) }
        /// A floating-point literal: `["ratio": 0.5]`.
        public init(floatLiteral value: Double) { self = .double(value) }
        /// A boolean literal: `["complete": true]`.
        public init(booleanLiteral value: Bool) { self = .bool(value) }
        /// A string literal, fixed in the source: `["phase": "drain"]`. A run-time `String` doesn't convert.
        public init(stringLiteral value: StaticString) { self = .text(value) }

        /// The value as text, for reading.
        public var description: String {
            switch self {
            case .integer(let value): String(value)
            case .double(let value): String(value)
            case .bool(let value): String(value)
            case .text(let value): value.description
            }
        }
    }
}
