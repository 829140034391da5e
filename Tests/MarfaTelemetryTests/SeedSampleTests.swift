import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("The seed's sample")
struct SeedSampleTests {
    /// The sample of "Report errors and events", as written, with reporting left off: it runs,
    /// configures the shared instance, and sends nothing.
    @Test func theSampleRunsAsWritten() async throws {
        let projectToken = "phc_SampleToken"
        let appVersion = "1.2.3"
        let reportingIsOn = false
        let error = MarfaError.network(message: TestSecrets.message)

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

        #expect(!Telemetry.shared.isEnabled)
        #expect(
            Telemetry.shared.engine.statistics == TelemetryStatistics(outcomes: [:], inFlight: 0, waitingRecords: 0))
    }
}
