import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("No secret leaves in a report")
struct SecretScanTests {
    /// Every `MarfaError` case (each carrying secrets), an app error whose description is a secret,
    /// and events of every attribute kind: the bodies carry the kinds and fixed sentences, and none
    /// of the secrets. (Every receiver of the suite also scans its requests when it stops.)
    @Test func aFullScenarioSendsNoSecret() async throws {
        try await withTelemetry { h in
            for (index, error) in TestSecrets.everyMarfaError.enumerated() {
                if index == 30 { h.clock.advance(by: .seconds(3600)) }
                h.telemetry.report(error, during: "scan")
            }
            h.telemetry.report(LeakyAppError(), during: "scan")
            h.telemetry.log(
                "scan_done", level: .warn, attributes: ["count": 37, "ok": true, "ratio": 0.5, "phase": "scan"])
            await h.telemetry.flush()

            let captures = h.receiver.captures
            #expect(captures.count == TestSecrets.everyMarfaError.count + 1)
            let types = Set(captures.compactMap { $0.exception["type"] as? String })
            #expect(types == Set(TestSecrets.everyMarfaError.map { "MarfaError.\($0.code())" } + ["LeakyAppError"]))
            let codes = Set(captures.compactMap { $0.properties["marfa_error_code"] as? String })
            #expect(
                codes == [
                    "invalid_key", "missing_scope", "internal", "invalid_value", "too_many_requests",
                    "version_conflict",
                ])
            #expect(h.receiver.logBatches.count == 1)
            for request in h.receiver.requests {
                #expect(TestSecrets.found(in: request, alsoSecret: [h.folder.path]).isEmpty)
                #expect(!request.body.isEmpty)
            }
        }
    }

    @Test func theScanFindsASecretWhereThereIsOne() {
        let leaking = ReceivedRequest(
            endpoint: .capture, path: "/i/v0/e/", headers: [:], rawBody: [],
            body: Array(#"{"value":"\#(TestSecrets.message)"}"#.utf8), problems: [])
        #expect(TestSecrets.found(in: leaking).contains(TestSecrets.message))
        #expect(TestSecrets.found(in: leaking).contains(TestSecrets.key))
    }
}
