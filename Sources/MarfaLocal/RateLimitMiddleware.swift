import Foundation
import MarfaClock
import MarfaDigest
import MarfaOpenAPIRuntime

/// Counts each request against its credential's budget (a live key's or access token's own, or
/// one shared anonymous budget for requests without one or with a bearer that names no live
/// credential, so made-up bearers never buy a fresh budget), refused ones included. Every answer
/// carries `X-RateLimit-Limit`, `-Remaining` and `-Reset`; past the budget the answer is
/// `429 rate_limited` with `Retry-After`.
struct RateLimitMiddleware: ServerMiddleware {
    let limiter: RateLimiter
    /// Where the windows' time is read.
    let clock: any MarfaClock
    /// Whether an `Authorization` header value names a live key or access token.
    let isLiveCredential: @Sendable (String) async -> Bool

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var credential = "anonymous"
        if let header = request.headerFields["Authorization"], await isLiveCredential(header) {
            credential = "bearer:" + SHA256.hex(header)
        }
        let decision = limiter.count(credential, now: clock.now)
        var answer: (HTTPResponse, HTTPBody?)
        if decision.allowed {
            do {
                answer = try await next(request, body, metadata)
            } catch {
                answer = LocalError.from(error).httpResponse
            }
        } else {
            var refusal = LocalError(429, "rate_limited", "Too many requests; wait \(decision.retryAfter) seconds.")
            refusal.headers = [("Retry-After", String(decision.retryAfter))]
            answer = refusal.httpResponse
        }
        answer.0.headerFields["X-RateLimit-Limit"] = String(limiter.limit)
        answer.0.headerFields["X-RateLimit-Remaining"] = String(decision.remaining)
        answer.0.headerFields["X-RateLimit-Reset"] = String(decision.reset)
        return answer
    }
}
