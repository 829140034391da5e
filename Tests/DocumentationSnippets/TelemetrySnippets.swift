import Foundation
import Marfa
import MarfaTelemetry

/// The code of the "Reporting errors and events" article (MarfaTelemetry.docc/ReportingErrorsAndEvents.md).
/// Compiled, never called: `Telemetry.shared` is one per process, and its own suite tests it
/// against a loopback PostHog.
enum TelemetrySnippets {
    static func start(projectToken: String, appVersion: String, reportingIsOn: Bool) throws {
        // snippet.begin: telemetry-configure
        Telemetry.shared.configure(
            Telemetry.Configuration(
                destination: try Telemetry.Destination(
                    host: URL(string: "https://eu.i.posthog.com")!,
                    projectToken: projectToken),  // from a build setting, not the source
                serviceName: "notes",
                serviceVersion: appVersion))
        Telemetry.shared.isEnabled = reportingIsOn  // starts off; follow the person's choice
        // snippet.end
    }

    static func report(_ error: MarfaError) async {
        // snippet.begin: telemetry-report
        Telemetry.shared.report(error, during: "drain")
        Telemetry.shared.report(
            type: "editor_ended",
            sentence: "The editor's web process ended.",
            during: "editing")
        Telemetry.shared.log("drain_finished", attributes: ["pending": 3, "complete": true])
        Telemetry.shared.log("drain_slow", level: .warn, attributes: ["seconds": 12.5])
        await Telemetry.shared.flush()  // when the app quits; waits 2 seconds at most
        // snippet.end
    }

    static func refused(_ host: URL, _ token: String) -> String? {
        // snippet.begin: telemetry-destination-errors
        do {
            _ = try Telemetry.Destination(host: host, projectToken: token)
            return nil
        } catch let error as Telemetry.ConfigurationError {
            return error.description  // such as notHTTPS or emptyToken; never repeats the token
        } catch {
            return "\(error)"
        }
        // snippet.end
    }
}
