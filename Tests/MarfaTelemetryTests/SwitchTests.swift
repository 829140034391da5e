import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("Reporting on and off")
struct SwitchTests {
    @Test func sharedStartsOff() {
        #expect(!Telemetry.shared.isEnabled)
    }

    @Test func nothingIsSentWhileOff() async throws {
        try await withTelemetry(enabled: false) { h in
            #expect(!h.telemetry.isEnabled)
            h.telemetry.report(MarfaError.network(message: TestSecrets.message), during: "sync")
            h.telemetry.report(type: "editor_ended", sentence: "The editor ended.", during: "editing")
            for _ in 0..<120 { h.telemetry.log("opened") }
            await h.telemetry.flush()
            h.clock.advance(by: .seconds(3600))
            #expect(h.statistics == TelemetryStatistics(outcomes: [:], inFlight: 0, waitingRecords: 0))

            h.telemetry.isEnabled = true
            h.telemetry.log("opened_after")
            await h.telemetry.flush()
            let batches = h.receiver.logBatches
            #expect(h.receiver.requests.count == 1)
            #expect(batches.first?.logs?.records.map(\.body.stringValue) == ["opened_after"])
        }
    }

    @Test func nothingIsSentBeforeADestination() async throws {
        try await withTelemetry(configured: false) { h in
            #expect(h.telemetry.isEnabled)
            h.telemetry.report(MarfaError.closed, during: "sync")
            h.telemetry.log("opened")
            await h.telemetry.flush()
            #expect(h.statistics == TelemetryStatistics(outcomes: [:], inFlight: 0, waitingRecords: 0))

            h.telemetry.configure(try h.configuration)
            h.telemetry.report(MarfaError.closed, during: "sync")
            await h.telemetry.flush()
            #expect(h.receiver.captures.count == 1)
            #expect(h.receiver.requests.count == 1)
        }
    }

    @Test func turningOffStopsAnExceptionUnderWay() async throws {
        try await withTelemetry(holding: true) { h in
            h.telemetry.report(MarfaError.network(message: TestSecrets.message), during: "sync")
            try await h.receiver.waitForRequests(1)
            #expect(h.statistics.inFlight == 1)

            h.telemetry.isEnabled = false
            #expect(h.statistics.inFlight == 0)
            try await eventually("the send to end canceled") { h.outcomes(.canceled) == 1 }
            h.telemetry.report(MarfaError.network(message: TestSecrets.message), during: "upload")

            h.receiver.release()
            h.telemetry.isEnabled = true
            await h.telemetry.flush()
            #expect(h.receiver.requests.count == 1)
            #expect(h.outcomes(.delivered) == 0)
        }
    }

    @Test func turningOffDropsWaitingRecordsAndStopsABatchUnderWay() async throws {
        try await withTelemetry(holding: true) { h in
            for index in 0..<60 { h.telemetry.log("step", attributes: ["index": .integer(Int64(index))]) }
            try await h.receiver.waitForRequests(1)
            #expect(h.statistics.waitingRecords == 10)

            h.telemetry.isEnabled = false
            #expect(
                h.statistics == TelemetryStatistics(outcomes: h.statistics.outcomes, inFlight: 0, waitingRecords: 0))
            try await eventually("the batch to end canceled") { h.outcomes(.canceled) == 1 }

            h.receiver.release()
            h.telemetry.isEnabled = true
            h.telemetry.log("after")
            await h.telemetry.flush()
            let batches = h.receiver.logBatches
            try #require(batches.count == 2)
            #expect(batches[0].logs?.records.count == 50)
            let after = try #require(batches[1].logs?.records)
            #expect(after.map(\.body.stringValue) == ["after"])
            #expect(after[0].attribute("marfa.dropped_records") == nil)
            #expect(h.outcomes(.delivered) == 1)
        }
    }

    @Test func turningOnAgainSendsNewReports() async throws {
        try await withTelemetry { h in
            h.telemetry.isEnabled = false
            h.telemetry.isEnabled = true
            h.telemetry.report(MarfaError.closed, during: "sync")
            h.telemetry.log("opened")
            await h.telemetry.flush()
            #expect(h.receiver.captures.count == 1)
            #expect(h.receiver.logBatches.count == 1)
            #expect(h.outcomes(.delivered) == 2)
        }
    }
}
