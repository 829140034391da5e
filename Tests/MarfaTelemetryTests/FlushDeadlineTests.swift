import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("Flush deadline")
struct FlushDeadlineTests {
    @Test func flushReturnsAtItsDeadlineWhenTheReceiverNeverAnswers() async throws {
        try await withTelemetry(holding: true) { h in
            h.telemetry.report(MarfaError.closed, during: "quit")
            h.telemetry.log("quitting")
            let flush = Task { await h.telemetry.flush() }
            // Over plain HTTP/1.1 the transport may hold the second request until the first is
            // answered; both sends are under way either way.
            try await h.receiver.waitForRequests(1)
            try await h.clock.waitForSleeper(until: .seconds(2))
            #expect(h.statistics.inFlight == 2)
            h.clock.advance(by: .seconds(2))
            await flush.value
            // flush came back while both sends were still under way.
            #expect(h.statistics.inFlight == 2)
            #expect(h.statistics.outcomes.isEmpty)
        }
    }

    @Test func flushTakesItsDeadlineFromTheCaller() async throws {
        try await withTelemetry(holding: true) { h in
            h.telemetry.log("quitting")
            let flush = Task { await h.telemetry.flush(deadline: .milliseconds(300)) }
            try await h.receiver.waitForRequests(1)
            try await h.clock.waitForSleeper(until: .milliseconds(300))
            h.clock.advance(by: .milliseconds(300))
            await flush.value
            #expect(h.statistics.inFlight == 1)
        }
    }

    @Test func aCanceledFlushReturns() async throws {
        try await withTelemetry(holding: true) { h in
            h.telemetry.log("quitting")
            let flush = Task { await h.telemetry.flush() }
            try await h.receiver.waitForRequests(1)
            try await h.clock.waitForSleeper(until: .seconds(2))
            flush.cancel()
            await flush.value
            #expect(h.statistics.inFlight == 1)
        }
    }

    @Test func turningOffReleasesAWaitingFlush() async throws {
        try await withTelemetry(holding: true) { h in
            h.telemetry.log("quitting")
            let flush = Task { await h.telemetry.flush(deadline: .seconds(3600)) }
            try await h.receiver.waitForRequests(1)
            try await h.clock.waitForSleeper(until: .seconds(3600))
            h.telemetry.isEnabled = false
            await flush.value
            #expect(h.statistics.inFlight == 0)
        }
    }
}
