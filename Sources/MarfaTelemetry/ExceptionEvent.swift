import Foundation

/// One exception waiting to be sent: everything but the destination and the distinct ID.
struct PendingException: Sendable {
    var description: ErrorDescription
    var operation: String
    var admission: ExceptionRateLimiter.Admission
    var timestamp: Date
    var uuid: UUID
}

/// The body of a PostHog capture request for one `$exception` event (`POST /i/v0/e/`).
///
/// The exception has one entry in `$exception_list` (type, value, a `generic` handled mechanism and
/// one `custom` frame naming the operation); the properties add the operation, the Marfa kind and
/// code when there are, the held-back counts, the app's name and version, and no person profile.
struct ExceptionEvent: Encodable {
    var apiKey: String
    var event = "$exception"
    var distinctID: String
    var timestamp: String
    var uuid: String
    var properties: Properties

    enum CodingKeys: String, CodingKey {
        case apiKey = "api_key"
        case event
        case distinctID = "distinct_id"
        case timestamp, uuid, properties
    }

    struct Properties: Encodable {
        var lib = TelemetryLibrary.name
        var libVersion = TelemetryLibrary.version
        var appName: String
        var appVersion: String
        var level = "error"
        var handled = true
        var exceptionList: [Exception]
        var processPersonProfile = false
        var operation: String
        var kind: String?
        var code: String?
        var heldBackSincePrevious: Int
        var heldBackSameFailure: Int

        enum CodingKeys: String, CodingKey {
            case lib = "$lib"
            case libVersion = "$lib_version"
            case appName = "$app_name"
            case appVersion = "$app_version"
            case level = "$exception_level"
            case handled = "$exception_handled"
            case exceptionList = "$exception_list"
            case processPersonProfile = "$process_person_profile"
            case operation
            case kind = "marfa_error_kind"
            case code = "marfa_error_code"
            case heldBackSincePrevious = "held_back_since_previous"
            case heldBackSameFailure = "held_back_same_failure"
        }
    }

    struct Exception: Encodable {
        var type: String
        var value: String
        var mechanism = Mechanism()
        var stacktrace: Stacktrace
    }

    struct Mechanism: Encodable {
        var type = "generic"
        var handled = true
        var synthetic = true
    }

    struct Stacktrace: Encodable {
        var type = "raw"
        var frames: [Frame]
    }

    /// A `custom` frame: the operation the app named, in app code.
    struct Frame: Encodable {
        var platform = "custom"
        var lang = "swift"
        var function: String
        var inApp = true
        var synthetic = true

        enum CodingKeys: String, CodingKey {
            case platform, lang, function
            case inApp = "in_app"
            case synthetic
        }
    }

    init(_ pending: PendingException, configuration: Telemetry.Configuration, distinctID: String) {
        apiKey = configuration.destination.projectToken
        self.distinctID = distinctID
        timestamp = TelemetryTime.iso8601(pending.timestamp)
        uuid = pending.uuid.uuidString.lowercased()
        let exception = Exception(
            type: pending.description.type, value: pending.description.sentence,
            stacktrace: Stacktrace(frames: [Frame(function: pending.operation)]))
        properties = Properties(
            appName: configuration.serviceName, appVersion: configuration.serviceVersion,
            exceptionList: [exception], operation: pending.operation, kind: pending.description.kind,
            code: pending.description.code, heldBackSincePrevious: pending.admission.heldBackSincePrevious,
            heldBackSameFailure: pending.admission.heldBackSameFailure)
    }
}
