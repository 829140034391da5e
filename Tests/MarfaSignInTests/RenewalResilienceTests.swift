import Foundation
import MarfaClock
import MarfaHTTP
import Synchronization
import Testing

@testable import Marfa

/// Renewals that a caller abandons, a key store that can't keep the renewed pair, and OAuth
/// refusals that don't end the grant. Tokens expire on the fixture's clock; a held refresh answer
/// waits on it too, so only the call deadlines under test take real time.
@Suite struct RenewalResilienceTests {
    @Test func aCanceledCallLeavesItsRenewalToFinishAndKeepThePair() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(2) }
        let transport = RefreshHoldingTransport(clock: fixture.clock)
        let auth = try fixture.authorization(transport: transport)
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(2200))

        // The server rotates the pair, and the caller is canceled before the answer reaches it.
        transport.mode.withLock { $0 = .holdAnswer(.milliseconds(500)) }
        let call = Task { try await server.config() }
        for await _ in transport.answered { break }
        call.cancel()
        await #expect(throws: MarfaError.canceled) { _ = try await call.value }
        transport.mode.withLock { $0 = .plain }

        // The next call uses the rotated pair (joining the renewal while it still runs): the held
        // answer goes on once that call is under way.
        let next = Task { try await server.config() }
        await fixture.clock.waitForSleepers(1)
        fixture.clock.advance(by: .milliseconds(500))
        _ = try await next.value
        let renewed = try #require(try auth.credential())
        #expect(renewed.refreshToken != first.refreshToken)

        // And the next renewal presents the rotated refresh token: the grant stands.
        fixture.clock.advance(by: .milliseconds(2200))
        _ = try await server.config()
        #expect(transport.refreshes == 2)
        let again = try #require(try auth.credential())
        #expect(again.refreshToken != renewed.refreshToken)
        await fixture.stop()
    }

    @Test func aCallThatRunsOutOfTimeLeavesItsRenewalToFinish() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(3) }
        let transport = RefreshHoldingTransport(clock: fixture.clock)
        let auth = try fixture.authorization(transport: transport)
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(3200))

        // The answer is held past the call's deadline (real time: the call's own time limit) and
        // well within the new token's lifetime.
        transport.mode.withLock { $0 = .holdAnswer(.milliseconds(1500)) }
        await #expect {
            _ = try await server.config(timeout: .milliseconds(700))
        } throws: { error in
            if case MarfaError.network = error { return true }
            return false
        }
        try #require(transport.refreshes == 1, "the renewal is under way")
        transport.mode.withLock { $0 = .plain }
        let next = Task { try await server.config() }
        await fixture.clock.waitForSleepers(1)
        fixture.clock.advance(by: .milliseconds(1500))
        _ = try await next.value
        fixture.clock.advance(by: .milliseconds(3200))
        _ = try await server.config()
        #expect(transport.refreshes == 2)
        let kept = try #require(try auth.credential())
        #expect(kept.refreshToken != first.refreshToken)
        await fixture.stop()
    }

    @Test func aKeyStoreThatCantKeepTheRenewedPairLetsCallsGoOn() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let store = WriteRefusingKeyStore(inner: fixture.keys)
        let auth = try Authorization(
            server: fixture.instance.url,
            client: .init(name: "Reading List", redirect: SignInFixture.redirect, scopes: SignInFixture.scopes),
            service: SignInFixture.service, store: store, transport: nil, lockWait: .seconds(10), clock: fixture.clock)
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(1200))

        store.refusing.withLock { $0 = true }
        _ = try await server.config()  // renews; the store refuses the new pair
        #expect(auth.source.holdsUnsavedPair)
        #expect(try auth.credential()?.refreshToken == first.refreshToken, "the store still holds the first pair")
        _ = try await server.config()

        // Once the store works again, the next renewal writes the pair and rotates it.
        store.refusing.withLock { $0 = false }
        fixture.clock.advance(by: .milliseconds(1200))
        _ = try await server.config()
        #expect(!auth.source.holdsUnsavedPair)
        let kept = try #require(try auth.credential())
        #expect(kept.refreshToken != first.refreshToken)
        #expect(auth.refreshCount == 2)
        await fixture.stop()
    }

    @Test func onlyInvalidGrantDeletesTheKeptSignIn() async throws {
        let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
        let transport = RefreshHoldingTransport(clock: fixture.clock)
        let auth = try fixture.authorization(transport: transport)
        let first = try await auth.signIn(with: OwnerBrowser())
        let server = try auth.server(at: fixture.instance.url)
        fixture.clock.advance(by: .milliseconds(1200))

        // The server refuses the refresh with `unsupported_grant_type`: the call fails, the sign-in stays.
        transport.mode.withLock { $0 = .spoilGrantType }
        await #expect {
            _ = try await server.config()
        } throws: { error in
            if case MarfaError.unauthorized(code: "unsupported_grant_type", _) = error { return true }
            return false
        }
        #expect(try auth.credential() == first)

        transport.mode.withLock { $0 = .plain }
        _ = try await server.config()
        #expect(try auth.credential()?.refreshToken != first.refreshToken)
        await fixture.stop()
    }

    @Test func anOAuthRequestAfterTheCallsDeadlineIsNotSent() async throws {
        let wire = OAuthWire()
        let spent = CallLimits(deadline: .now - .seconds(1), idleTimeout: nil)
        await #expect {
            try await CallLimits.$current.withValue(spent) {
                _ = try await wire.token(
                    at: URL(string: "http://127.0.0.1:1/token")!, form: [("grant_type", "refresh_token")])
            }
        } throws: { error in
            if case SignInError.unavailable(let message) = error { return message.contains("ran out of time") }
            return false
        }
    }
}

/// A `CurlTransport` that can hold up a refresh answer after the server sent it (and signal
/// `answered`) until a time passes on `clock`, or spoil a refresh's grant type so the server
/// refuses it with `unsupported_grant_type`.
final class RefreshHoldingTransport: ClientTransport {
    enum Mode: Sendable {
        case plain
        case holdAnswer(Duration)
        case spoilGrantType
    }

    let inner = DefaultTransport.make()
    let clock: any MarfaClock
    let mode = Mutex(Mode.plain)
    let answered: AsyncStream<Void>
    private let answeredSignal: AsyncStream<Void>.Continuation
    private let count = Mutex(0)

    init(clock: any MarfaClock) {
        self.clock = clock
        (answered, answeredSignal) = AsyncStream.makeStream(of: Void.self)
    }

    /// The refresh requests sent through it.
    var refreshes: Int { count.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let bytes = body?.bytesInMemory, case let text = String(decoding: bytes, as: UTF8.self),
            text.contains("grant_type=refresh_token")
        else { return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID) }
        count.withLock { $0 += 1 }
        switch mode.withLock({ $0 }) {
        case .plain:
            return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        case .spoilGrantType:
            let spoiled = text.replacingOccurrences(of: "grant_type=refresh_token", with: "grant_type=refresh_tokens")
            return try await inner.send(
                request, body: HTTPBody(Data(spoiled.utf8)), baseURL: baseURL, operationID: operationID)
        case .holdAnswer(let delay):
            // As a slow answer would: held until `delay` passes on the clock, while the transfer's
            // own time limit (real time) still runs and ends the hold when it comes first.
            let limit = TransportLimits.current?.deadline
            let ends = limit.map { ContinuousClock.now + $0 }
            let (response, answer) = try await inner.send(
                request, body: body, baseURL: baseURL, operationID: operationID)
            let answerBytes = try await answer?.collect(upTo: 1 << 20) ?? []
            answeredSignal.yield()
            try await hold(for: delay, limit: limit, ends: ends)
            return (response, HTTPBody(Data(answerBytes)))
        }
    }

    /// Waits `delay` on the clock; throws the transfer's time-out when its limit `ends` first.
    private func hold(for delay: Duration, limit: Duration?, ends: ContinuousClock.Instant?) async throws {
        let clock = clock
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await clock.sleep(for: delay) }
            if let limit, let ends {
                group.addTask {
                    try await Task.sleep(until: ends, clock: .continuous)
                    throw HTTPClientError.network(reason: .timedOut(.deadline(limit)), requestSent: true)
                }
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }
}

/// The file key store, with writes that can be made to fail as a full disk or a locked keychain would.
final class WriteRefusingKeyStore: KeyStore {
    let inner: Keychain
    let refusing = Mutex(false)

    init(inner: Keychain) { self.inner = inner }

    var identity: String { "refusing:" + inner.identity }

    func read(service: String, account: String) throws -> Data? {
        try inner.read(service: service, account: account)
    }

    func write(_ data: Data, service: String, account: String) throws {
        if refusing.withLock({ $0 }) { throw Keychain.Failure.unavailable(message: "The disk is full.") }
        try inner.write(data, service: service, account: account)
    }

    @discardableResult
    func remove(service: String, account: String) throws -> Bool {
        try inner.remove(service: service, account: account)
    }

    func accounts(service: String) throws -> [String] {
        try inner.accounts(service: service)
    }

    func withExclusiveAccess<T: Sendable>(
        service: String, account: String, wait: Duration, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await inner.withExclusiveAccess(service: service, account: account, wait: wait, body)
    }
}
