import Foundation
import Testing

@testable import MarfaTelemetry

@Suite("OTLP bodies against the official definitions")
struct OTLPCheckTests {
    /// Every kind of record the SDK makes, sent through a receiver that runs each body through
    /// opentelemetry-proto: a malformed body would be answered 400 and fail the test.
    @Test(.enabled(if: OTLPCheck.isAvailable, Comment(rawValue: OTLPCheck.unavailableReason)))
    func everyBodyParses() async throws {
        try await withTelemetry(holding: true) { h in
            for index in 0..<50 {
                h.telemetry.log("fill", level: .debug, attributes: ["index": .integer(Int64(index))])
            }
            try await h.receiver.waitForRequests(1)
            for _ in 0..<510 { h.telemetry.log("overflow", level: .trace) }
            h.receiver.release()
            h.telemetry.log(
                "kinds", level: .fatal,
                attributes: [
                    "i": -3, "d": 1.5e300, "b": false, "s": "text", "nan": .double(.nan), "inf": .double(.infinity),
                ])
            await h.telemetry.flush()
            let batches = h.receiver.logBatches
            // The first batch, then the 500 kept of the 511 logged while it was under way.
            #expect(batches.count == 11)
            #expect(batches.allSatisfy { $0.problems.isEmpty })
            #expect(h.outcomes(.delivered) == 11)
            #expect(batches[1].logs?.records.first?.attribute("marfa.dropped_records")?.intValue == "11")
        }
    }

    @Test(.enabled(if: OTLPCheck.isAvailable, Comment(rawValue: OTLPCheck.unavailableReason)))
    func theCheckRefusesMalformedBodies() async {
        let malformed = [
            #"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"severityNumber":"SEVERITY_NUMBER_INFO"}]}]}]}"#,
            #"{"resource_logs":[{"scope_logs":[{"log_records":[{"severity_number":9}]}]}]}"#,
            #"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":1777636800000000000}]}]}]}"#,
            #"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"attributes":[{"key":"n","value":{"intValue":3}}]}]}]}]}"#,
            #"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"body":{"stringValue":"a","boolValue":true}}]}]}]}"#,
            #"{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"bodyText":"hello"}]}]}]}"#,
            #"{"resourceLogs":"#,
        ]
        for body in malformed {
            let result = await OTLPCheck.check(Array(body.utf8))
            #expect(result.status == 1, "accepted: \(body)")
        }
        let minimal =
            #"{"resourceLogs":[{"resource":{"attributes":[]},"scopeLogs":[{"logRecords":[{"body":{"stringValue":"Hello"}}]}]}]}"#
        #expect(await OTLPCheck.check(Array(minimal.utf8)).status == 0)
    }
}
