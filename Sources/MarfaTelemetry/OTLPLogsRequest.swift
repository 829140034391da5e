/// The body of an OTLP/HTTP JSON logs request (`ExportLogsServiceRequest`): one resource (the app's
/// `service.name` and `service.version`), one scope (this SDK), the batch's records.
///
/// JSON as the OTLP specification says: lowerCamelCase keys, `severityNumber` an integer, 64-bit
/// integers (`timeUnixNano`, `intValue`) as decimal strings. Each record's body is the event's name;
/// its attributes are the app's, then `posthogDistinctId`. The first record of a batch that follows
/// dropped records carries `marfa.dropped_records`: how many were pushed out of the full queue.
struct OTLPLogsRequest: Encodable {
    var resourceLogs: [ResourceLogs]

    struct ResourceLogs: Encodable {
        var resource: Resource
        var scopeLogs: [ScopeLogs]
    }

    struct Resource: Encodable {
        var attributes: [KeyValue]
    }

    struct ScopeLogs: Encodable {
        var scope = Scope()
        var logRecords: [LogRecord]
    }

    struct Scope: Encodable {
        var name = TelemetryLibrary.name
        var version = TelemetryLibrary.version
    }

    struct LogRecord: Encodable {
        var timeUnixNano: String
        var observedTimeUnixNano: String
        var severityNumber: Int
        var severityText: String
        var body: AnyValue
        var attributes: [KeyValue]
    }

    struct KeyValue: Encodable {
        var key: String
        var value: AnyValue
    }

    /// An OTLP `AnyValue`: exactly one of its fields is set.
    enum AnyValue: Encodable {
        case string(String)
        case integer(Int64)
        case double(Double)
        case bool(Bool)

        private enum CodingKeys: String, CodingKey { case stringValue, intValue, doubleValue, boolValue }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .string(let value): try container.encode(value, forKey: .stringValue)
            case .integer(let value): try container.encode(String(value), forKey: .intValue)
            case .bool(let value): try container.encode(value, forKey: .boolValue)
            case .double(let value) where value.isNaN: try container.encode("NaN", forKey: .doubleValue)
            case .double(let value) where value.isInfinite:
                try container.encode(value > 0 ? "Infinity" : "-Infinity", forKey: .doubleValue)
            case .double(let value): try container.encode(value, forKey: .doubleValue)
            }
        }

        init(_ value: Telemetry.AttributeValue) {
            switch value {
            case .integer(let value): self = .integer(value)
            case .double(let value): self = .double(value)
            case .bool(let value): self = .bool(value)
            case .text(let value): self = .string(value.description)
            }
        }
    }

    /// The attribute key that counts the records dropped before a batch.
    static let droppedRecordsKey = "marfa.dropped_records"
    /// The attribute key that links a record to the install's distinct ID.
    static let distinctIDKey = "posthogDistinctId"

    init(_ batch: LogBatch, distinctID: String) {
        let resource = Resource(attributes: [
            KeyValue(key: "service.name", value: .string(batch.configuration.serviceName)),
            KeyValue(key: "service.version", value: .string(batch.configuration.serviceVersion)),
            KeyValue(key: "telemetry.sdk.name", value: .string(TelemetryLibrary.name)),
            KeyValue(key: "telemetry.sdk.version", value: .string(TelemetryLibrary.version)),
            KeyValue(key: "telemetry.sdk.language", value: .string("swift")),
        ])
        let records = batch.records.enumerated().map { index, record in
            Self.logRecord(record, distinctID: distinctID, dropped: index == 0 ? batch.droppedBefore : 0)
        }
        resourceLogs = [ResourceLogs(resource: resource, scopeLogs: [ScopeLogs(logRecords: records)])]
    }

    private static func logRecord(_ record: PendingLogRecord, distinctID: String, dropped: Int) -> LogRecord {
        let reserved: Set<String> = [distinctIDKey, droppedRecordsKey]
        var attributes: [KeyValue] = []
        var seen = Set<String>()
        for (key, value) in record.attributes.reversed() where !reserved.contains(key) && seen.insert(key).inserted {
            attributes.append(KeyValue(key: key, value: AnyValue(value)))
        }
        attributes.reverse()
        attributes.append(KeyValue(key: distinctIDKey, value: .string(distinctID)))
        if dropped > 0 { attributes.append(KeyValue(key: droppedRecordsKey, value: .integer(Int64(dropped)))) }
        let time = String(record.unixNanoseconds)
        return LogRecord(
            timeUnixNano: time, observedTimeUnixNano: time, severityNumber: record.level.severityNumber,
            severityText: record.level.severityText, body: .string(record.name), attributes: attributes)
    }
}

/// Records taken from the queue for one request, with the configuration they go out under.
struct LogBatch: Sendable {
    var records: [PendingLogRecord]
    /// Records pushed out of the full queue since the previous batch was taken.
    var droppedBefore: Int
    var configuration: Telemetry.Configuration
}
