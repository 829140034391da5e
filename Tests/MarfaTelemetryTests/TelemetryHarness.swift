import Foundation
import Testing

@testable import MarfaTelemetry

/// A `Telemetry` of its own for one test: a manual clock, a receiver playing PostHog, and a
/// temporary folder for the install ID.
struct TelemetryHarness {
    let telemetry: Telemetry
    let clock: ManualTelemetryClock
    let receiver: PostHogReceiver
    let folder: URL

    var engine: TelemetryEngine { telemetry.engine }
    var installIDFile: URL { folder.appendingPathComponent("state/MarfaTelemetry/install-id") }
    var statistics: TelemetryStatistics { engine.statistics }

    func outcomes(_ outcome: SendOutcome) -> Int { statistics.outcomes[outcome] ?? 0 }

    /// The configuration toward the receiver.
    var configuration: Telemetry.Configuration {
        get throws {
            Telemetry.Configuration(
                destination: try Telemetry.Destination(host: receiver.url, projectToken: testProjectToken),
                serviceName: "telemetry-tests", serviceVersion: "9.8.7", installIDFile: installIDFile)
        }
    }
}

/// Runs `body` with a harness, configured and turned on unless told otherwise; afterwards turns
/// reporting off, stops the receiver (which checks every request it got) and removes the folder.
func withTelemetry(
    holding: Bool = false, answering status: Int = 200, configured: Bool = true, enabled: Bool = true,
    _ body: (TelemetryHarness) async throws -> Void
) async throws {
    let receiver = try PostHogReceiver(holding: holding, answering: status)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("telemetry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let clock = ManualTelemetryClock()
    let harness = TelemetryHarness(telemetry: Telemetry(clock: clock), clock: clock, receiver: receiver, folder: folder)
    func finish() async {
        harness.telemetry.isEnabled = false
        await receiver.stop(alsoSecret: [folder.path])
        try? FileManager.default.removeItem(at: folder)
    }
    do {
        if configured { harness.telemetry.configure(try harness.configuration) }
        harness.telemetry.isEnabled = enabled
        try await body(harness)
    } catch {
        await finish()
        throw error
    }
    await finish()
}
