// The seed's sample, as written, inside a function that supplies the values it names.
import Foundation
import MarfaTelemetry

func sample(projectToken: String, appVersion: String, reportingIsOn: Bool, error: any Error) async throws {
    Telemetry.shared.configure(
        Telemetry.Configuration(
            destination: try Telemetry.Destination(
                host: URL(string: "https://eu.i.posthog.com")!,
                projectToken: projectToken),
            serviceName: "notes",
            serviceVersion: appVersion))
    Telemetry.shared.isEnabled = reportingIsOn

    Telemetry.shared.report(error, during: "drain")
    Telemetry.shared.report(
        type: "editor_ended",
        sentence: "The editor's web process ended.",
        during: "editing")
    Telemetry.shared.log("drain_finished", attributes: ["pending": 3, "complete": true])
    await Telemetry.shared.flush()  // when the app quits
}
