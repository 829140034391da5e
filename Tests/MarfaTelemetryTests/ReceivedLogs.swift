/// An OTLP/HTTP JSON logs request as the receiver reads it, for the tests' checks.
struct ReceivedLogs: Decodable {
    var resourceLogs: [ResourceLogs]

    struct ResourceLogs: Decodable {
        var resource: Resource
        var scopeLogs: [ScopeLogs]
    }

    struct Resource: Decodable {
        var attributes: [KeyValue]
    }

    struct ScopeLogs: Decodable {
        var scope: Scope
        var logRecords: [Record]
    }

    struct Scope: Decodable {
        var name: String
        var version: String
    }

    struct Record: Decodable {
        var timeUnixNano: String
        var severityNumber: Int
        var severityText: String
        var body: Value
        var attributes: [KeyValue]

        func attribute(_ key: String) -> Value? { attributes.first { $0.key == key }?.value }
    }

    struct KeyValue: Decodable {
        var key: String
        var value: Value
    }

    /// An `AnyValue`; `doubleValue` keeps NaN and the infinities as the strings JSON carries them as.
    struct Value: Decodable, Equatable {
        var stringValue: String?
        var intValue: String?
        var doubleValue: DoubleValue?
        var boolValue: Bool?
    }

    enum DoubleValue: Decodable, Equatable {
        case number(Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    /// Every record, in order.
    var records: [Record] { resourceLogs.flatMap { $0.scopeLogs.flatMap(\.logRecords) } }

    /// The resource's attributes as text.
    var resourceAttributes: [String: String] {
        Dictionary(
            resourceLogs.flatMap { $0.resource.attributes }.map { ($0.key, $0.value.stringValue ?? "") },
            uniquingKeysWith: { first, _ in first })
    }
}
