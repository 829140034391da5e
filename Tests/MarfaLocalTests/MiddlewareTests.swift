import Foundation
import MarfaClock
import MarfaLocal
import MarfaOpenAPIRuntime
import Testing

@Suite struct MiddlewareTests {
    @Test func idempotentWritesReplayAndRefuseAnotherBody() async throws {
        try await LocalTestInstance.with { local in
            let body = #"{"type":"core.note","properties":{"title":"once"}}"#
            let first = try await local.send(.post, "/items", json: body, headers: ["Idempotency-Key": "k-1"])
            #expect(first.status == 201)
            #expect(first.headers["Idempotency-Replayed"] == nil)
            let repeated = try await local.send(.post, "/items", json: body, headers: ["Idempotency-Key": "k-1"])
            #expect(repeated.status == 201)
            #expect(repeated.headers["Idempotency-Replayed"] == "true")
            #expect(repeated.headers["X-Marfa-Contract"] == "0")
            #expect(repeated.json == first.json)
            let listed = try await local.send(.get, "/items?type=core.note")
            #expect(listed.json["data"]?.array?.count == 1)
            let reused = try await local.send(
                .post, "/items", json: #"{"type":"core.note","properties":{"title":"twice"}}"#,
                headers: ["Idempotency-Key": "k-1"])
            #expect(reused.status == 422)
            #expect(reused.errorCode == "idempotency_key_reused")
            // A refusal is recorded and replayed too.
            let refused = try await local.send(
                .post, "/items", json: #"{"type":"user.none"}"#, headers: ["Idempotency-Key": "k-2"])
            let refusedAgain = try await local.send(
                .post, "/items", json: #"{"type":"user.none"}"#, headers: ["Idempotency-Key": "k-2"])
            #expect(refused.errorCode == "unknown_type")
            #expect(refusedAgain.errorCode == "unknown_type")
            #expect(refusedAgain.headers["X-Error-Code"] == "unknown_type")
            #expect(refusedAgain.headers["Idempotency-Replayed"] == "true")
        }
    }

    @Test func rateLimitRefusesPastTheBudget() async throws {
        try await LocalTestInstance.with(options: .init(requestsPerMinute: 3, log: { _ in })) { local in
            var statuses: [Int] = []
            var last: RawAnswer?
            for _ in 0..<4 {
                let answer = try await local.send(.get, "/types")
                statuses.append(answer.status)
                last = answer
            }
            #expect(statuses == [200, 200, 200, 429])
            let refusal = try #require(last)
            #expect(refusal.errorCode == "rate_limited")
            #expect(Int(refusal.headers["Retry-After"] ?? "") ?? 0 >= 1)
            #expect(refusal.headers["X-RateLimit-Remaining"] == "0")
            #expect(refusal.headers["X-RateLimit-Limit"] == "3")
        }
    }

    @Test func theBudgetComesBackWhenItsMinuteEnds() async throws {
        var options = LocalInstance.Options(requestsPerMinute: 2, log: { _ in })
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        options.clock = clock
        try await LocalTestInstance.with(options: options) { local in
            for _ in 0..<2 { #expect(try await local.send(.get, "/types").status == 200) }
            let refused = try await local.send(.get, "/types")
            #expect(refused.status == 429)
            #expect(refused.headers["Retry-After"] == "60")
            #expect(refused.headers["X-RateLimit-Reset"] == "1700000060")
            clock.advance(by: .seconds(59))
            let stillRefused = try await local.send(.get, "/types")
            #expect(stillRefused.status == 429)
            #expect(stillRefused.headers["Retry-After"] == "1")
            clock.advance(by: .seconds(1))
            let again = try await local.send(.get, "/types")
            #expect(again.status == 200)
            #expect(again.headers["X-RateLimit-Remaining"] == "1")
        }
    }

    @Test func authenticationComesBeforeEverythingElse() async throws {
        try await LocalTestInstance.with { local in
            let answer = try await local.send(.post, "/items", json: "{not json", key: .some(nil))
            #expect(answer.status == 401)
            #expect(answer.errorCode == "unauthorized")
        }
    }
}

/// Made-up bearers share the anonymous budget, so they cannot buy fresh ones.
@Suite struct RateLimitBucketTests {
    @Test func aBearerThatIsNoKeyCountsAsAnonymous() async throws {
        try await LocalTestInstance.with(options: .init(requestsPerMinute: 3, log: { _ in })) { local in
            var statuses: [Int] = []
            for index in 0..<4 {
                statuses.append(try await local.send(.get, "/", key: "made-up-\(index)").status)
            }
            #expect(statuses == [200, 200, 200, 429])
            // The owner's real key has its own budget.
            #expect(try await local.send(.get, "/types").status == 200)
            #expect(try await local.send(.get, "/", key: .some(nil)).status == 429)
        }
    }
}
