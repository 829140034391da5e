import Foundation
import Marfa

/// How the SDK names itself in what it sends.
enum TelemetryLibrary {
    /// `$lib` and the OTLP scope name and `telemetry.sdk.name`.
    static let name = "marfa-telemetry"
    /// `$lib_version`, the OTLP scope version and `telemetry.sdk.version`.
    static let version = MarfaSDK.version
}

/// Wall-clock times as the wire formats write them.
enum TelemetryTime {
    /// `2026-05-01T12:00:00.000Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Nanoseconds since 1970.
    static func unixNanoseconds(_ date: Date) -> UInt64 {
        let seconds = date.timeIntervalSince1970
        guard seconds > 0 else { return 0 }
        return UInt64(seconds * 1_000_000) * 1_000
    }
}
