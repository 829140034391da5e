import Foundation

extension Telemetry {
    /// What `configure(_:)` sets: the destination and the app that reports.
    public struct Configuration: Sendable, Hashable {
        /// Where reports go.
        public var destination: Destination
        /// The app's name, sent as the OTLP resource attribute `service.name` and as `$app_name`.
        public var serviceName: String
        /// The app's version, sent as `service.version` and as `$app_version`.
        public var serviceVersion: String
        /// The file that keeps this install's random distinct ID; nil for the default: in
        /// `$XDG_STATE_HOME` (or `~/.local/state`) on Linux, in Application Support on Apple
        /// platforms, under `MarfaTelemetry/`, one file per `serviceName`.
        public var installIDFile: URL?

        /// A configuration for reports from `serviceName` at `serviceVersion` to `destination`.
        public init(destination: Destination, serviceName: String, serviceVersion: String, installIDFile: URL? = nil) {
            self.destination = destination
            self.serviceName = serviceName
            self.serviceVersion = serviceVersion
            self.installIDFile = installIDFile
        }
    }
}
