import Foundation
import Marfa
import Testing

@testable import MarfaTelemetry

@Suite("Exception rate limits")
struct RateLimitTests {
    @Test func onceAMinuteForEachKindAndOperationWithHeldBackCounts() async throws {
        try await withTelemetry { h in
            let offline = MarfaError.network(message: TestSecrets.message)
            for _ in 0..<3 { h.telemetry.report(offline, during: "sync") }
            h.telemetry.report(offline, during: "upload")
            h.telemetry.report(type: "editor_ended", sentence: "The editor ended.", during: "sync")
            await h.telemetry.flush()
            #expect(h.receiver.captures.count == 3)

            h.clock.advance(by: .seconds(59))
            h.telemetry.report(offline, during: "sync")
            await h.telemetry.flush()
            #expect(h.receiver.captures.count == 3)

            h.clock.advance(by: .seconds(1))
            h.telemetry.report(offline, during: "sync")
            await h.telemetry.flush()
            let captures = h.receiver.captures
            try #require(captures.count == 4)
            let counts = captures.map { request in
                Counts(
                    type: request.exception["type"] as? String, operation: request.properties["operation"] as? String,
                    sincePrevious: request.properties["held_back_since_previous"] as? Int,
                    sameFailure: request.properties["held_back_same_failure"] as? Int)
            }
            #expect(
                Set(counts) == [
                    Counts(type: "MarfaError.network", operation: "sync", sincePrevious: 0, sameFailure: 0),
                    Counts(type: "MarfaError.network", operation: "upload", sincePrevious: 2, sameFailure: 0),
                    Counts(type: "editor_ended", operation: "sync", sincePrevious: 0, sameFailure: 0),
                    Counts(type: "MarfaError.network", operation: "sync", sincePrevious: 1, sameFailure: 3),
                ])
        }
    }

    struct Counts: Hashable {
        var type: String?
        var operation: String?
        var sincePrevious: Int?
        var sameFailure: Int?
    }

    @Test func thirtyAnHourInAll() async throws {
        try await withTelemetry { h in
            // One report a minute: the minute limit never holds one back, the hour limit does.
            for _ in 0..<60 {
                h.telemetry.report(MarfaError.io(message: TestSecrets.path), during: "save")
                h.clock.advance(by: .seconds(60))
            }
            await h.telemetry.flush()
            #expect(h.receiver.captures.count == 30)
            #expect(h.receiver.captures.allSatisfy { $0.properties["held_back_since_previous"] as? Int == 0 })

            // An hour after the first went out, one more may go, and it counts the 30 held back.
            h.telemetry.report(MarfaError.io(message: TestSecrets.path), during: "save")
            await h.telemetry.flush()
            let captures = h.receiver.captures
            try #require(captures.count == 31)
            let last = captures.filter { $0.properties["held_back_since_previous"] as? Int != 0 }
            #expect(last.count == 1)
            #expect(last.first?.properties["held_back_since_previous"] as? Int == 30)
            #expect(last.first?.properties["held_back_same_failure"] as? Int == 30)
        }
    }

    @Test func limiterCountsASlidingHour() {
        var limiter = ExceptionRateLimiter()
        let key = { (n: Int) in ExceptionRateLimiter.Key(type: "t\(n)", operation: "op") }
        for n in 0..<30 { #expect(limiter.admit(key(n), at: .seconds(n * 100)) != nil) }
        #expect(limiter.admit(key(30), at: .seconds(3599)) == nil)
        let admitted = limiter.admit(key(31), at: .seconds(3600))
        #expect(admitted == ExceptionRateLimiter.Admission(heldBackSincePrevious: 1, heldBackSameFailure: 0))
        #expect(limiter.admit(key(32), at: .seconds(3650)) == nil)
        #expect(limiter.admit(key(30), at: .seconds(3700))?.heldBackSameFailure == 1)
    }
}
