extension Telemetry {
    /// The severity of an event: its OTLP `severityNumber` is the first of its range.
    public enum LogLevel: Sendable, Hashable, CaseIterable {
        /// Finer than `debug`: severity 1.
        case trace
        /// For finding a fault: severity 5.
        case debug
        /// Something that happened as expected; the default: severity 9.
        case info
        /// Something that may need attention: severity 13.
        case warn
        /// Something failed: severity 17.
        case error
        /// The app can't go on: severity 21.
        case fatal

        /// The OTLP `SeverityNumber`: 1, 5, 9, 13, 17 or 21.
        public var severityNumber: Int {
            switch self {
            case .trace: 1
            case .debug: 5
            case .info: 9
            case .warn: 13
            case .error: 17
            case .fatal: 21
            }
        }

        /// The OTLP `severityText`: `trace`, `debug`, `info`, `warn`, `error` or `fatal`.
        public var severityText: String {
            switch self {
            case .trace: "trace"
            case .debug: "debug"
            case .info: "info"
            case .warn: "warn"
            case .error: "error"
            case .fatal: "fatal"
            }
        }
    }
}
