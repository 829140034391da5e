import Foundation
import MarfaHTTP
import Synchronization
import Testing

@testable import Marfa

/// A `CurlTransport` that keeps the time budget each request was sent under, with its path; with
/// `stallsRefresh`, a refresh request waits until `release()` before it is sent.
final class BudgetRecordingTransport: ClientTransport, Sendable {
    struct Sent: Sendable {
        var path: String
        var deadline: Duration?
    }

    let inner = DefaultTransport.make()
    let stallsRefresh: Bool
    private let log = Mutex<[Sent]>([])
    private let (released, releasing) = AsyncStream.makeStream(of: Void.self)

    init(stallsRefresh: Bool = false) { self.stallsRefresh = stallsRefresh }

    var sent: [Sent] { log.withLock { $0 } }

    func release() { releasing.finish() }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        log.withLock { $0.append(Sent(path: request.path, deadline: TransportLimits.current?.deadline)) }
        if stallsRefresh, let bytes = body?.bytesInMemory,
            String(decoding: bytes, as: UTF8.self).contains("grant_type=refresh_token")
        {
            for await _ in released { break }
        }
        return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

/// A `Server` call waits 20 seconds in all unless told otherwise, and a renewal with the second
/// try is inside that one budget.
@Suite struct CallBudgetTests {
    @Test func aServerCallHasTwentySecondsInAllAndTheSecondTryShareThem() async throws {
        #expect(Server.defaultTimeout == .seconds(20))
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let auth = try fixture.authorization()
        _ = try await auth.signIn(with: OwnerBrowser())
        let recording = BudgetRecordingTransport()
        var server = try auth.server(at: fixture.instance.url)
        server.transport = recording
        fixture.clock.advance(by: .milliseconds(1500))

        _ = try await server.config()
        let sent = recording.sent
        try #require(sent.count == 2, "refused, then sent again after the renewal: \(sent.map(\.path))")
        let budgets = sent.compactMap(\.deadline)
        try #require(budgets.count == 2, "every request of the call is under the call's deadline")
        #expect(budgets[0] <= .seconds(20) && budgets[0] > .seconds(19))
        #expect(budgets[1] < budgets[0], "one budget, not restarted after the renewal: \(budgets)")
        await fixture.stop()
    }

    @Test func aRenewalThatDoesNotAnswerEndsTheCallAtItsDeadline() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let stalling = BudgetRecordingTransport(stallsRefresh: true)
        let auth = try fixture.authorization(transport: stalling)
        _ = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(1500))

        let start = ContinuousClock.now
        await #expect {
            _ = try await server.config(timeout: .milliseconds(500))
        } throws: { error in
            guard case MarfaError.network = error else { return false }
            return (error as? MarfaError)?.isOffline == true
        }
        #expect(ContinuousClock.now - start < .seconds(3))
        #expect(stalling.sent.contains { $0.path.hasSuffix("/token") })
        stalling.release()
        await fixture.stop()
    }
}
