import Foundation
import Marfa
import MarfaClock
import Testing

/// A follow whose stream the server ends with `stream_incomplete` `credential_ended`, as the real
/// server does when the access token that opened it expires (its reason list: "a reconnect with
/// the token an app refreshed to resumes"), against `ScriptedMarfa` in the local instance's
/// dialect and in the real server's variations.
@Suite("Working copy: a follow across a token's expiry, on a scripted server", .timeLimit(.minutes(1)))
struct FollowCredentialEndedTests {
    @Test(
        "the follow renews once, reconnects from the cursor the ended stream names, and goes on",
        arguments: [ScriptedMarfa.Dialect.local, .variant])
    func renewsAndReconnectsFromItsCursor(_ dialect: ScriptedMarfa.Dialect) async throws {
        let credentials = RenewingCredentials()
        let setup = try await AnyServerTests.Setup.open(dialect, credentials: credentials)
        let (server, copy) = (setup.server, setup.copy)
        defer { Task { await setup.close() } }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let before = server.createItem(title: "Before the end")
        let after = server.createItem(title: "After the end")
        server.endStreamsWithCredentialEnded(1)

        let seen = try await firstChange(copy.changes()) { $0.itemId == after }
        #expect(seen?.itemId == after)
        #expect(try await copy.items.get(before)?.title == "Before the end")
        #expect(try await copy.items.get(after)?.title == "After the end")
        #expect(credentials.renewals == 1, "one renewal for the ended stream")

        // The ended stream sent event 1; the next one resumes there, under the renewed token.
        let streams = server.requests.filter { $0.path.hasPrefix("/events") && $0.headers["Last-Event-ID"] != nil }
        #expect(streams.map { $0.headers["Last-Event-ID"] } == ["0", "1"])
        #expect(streams.map { $0.headers["Authorization"] } == ["Bearer marfa_at_1", "Bearer marfa_at_2"])
        let requests = server.requests
        let ended = try #require(
            requests.firstIndex { $0.path.hasPrefix("/events") && $0.headers["Last-Event-ID"] == "0" })
        #expect(
            requests[(ended + 1)...].allSatisfy { $0.headers["Authorization"] != "Bearer marfa_at_1" },
            "nothing is sent with the ended token after its stream ended")
    }

    @Test(
        "a server that ends every stream with credential_ended, renewed or not, stops the follow with a typed error",
        arguments: [ScriptedMarfa.Dialect.local, .variant])
    func neverSpins(_ dialect: ScriptedMarfa.Dialect) async throws {
        let credentials = RenewingCredentials()
        let setup = try await AnyServerTests.Setup.open(dialect, credentials: credentials)
        let (server, copy) = (setup.server, setup.copy)
        defer { Task { await setup.close() } }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        server.createItem(title: "One")
        server.endStreamsWithCredentialEnded(.max)

        let updates = copy.updates()
        let changes = copy.changes()
        var stopped: MarfaError?
        for await update in updates {
            if case .stopped(let error) = update {
                stopped = error
                break
            }
        }
        _ = changes
        guard case .streamIncomplete(let reason, _)? = stopped else {
            Issue.record("the follow didn't stop with streamIncomplete: \(String(describing: stopped))")
            return
        }
        #expect(reason == MarfaError.credentialEnded)
        #expect(stopped?.isKeyRefusal == true)
        let streams = server.requests.filter { $0.path.hasPrefix("/events") && $0.headers["Last-Event-ID"] != nil }
        #expect(streams.count == 4, "three renewals and reconnects, then the follow stops: \(streams.count) streams")
        #expect(credentials.renewals == 3)
    }

    @Test("a server that closes every stream at once is asked again after waits that double, not every second")
    func streamsEndingAtOnceBackOff() async throws {
        let setup = try await AnyServerTests.Setup.open(.variant)
        let (copy, clock) = (setup.copy, setup.clock)
        defer { Task { await setup.close() } }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let changes = copy.changes()
        // The scripted server closes each stream after stream_live; the follow then sleeps (the
        // catalog's periodic read sleeps 120 s while a stream is open, so a wait under 60 s is the follow's).
        let waits = try await Self.followWaits(7, on: clock)
        #expect(waits == [1, 2, 4, 8, 16, 30, 30], "\(waits)")
        _ = changes
    }

    @Test("a server that refuses the stream with Retry-After is asked again after the wait it named, not sooner")
    func retryAfterHonoured() async throws {
        let setup = try await AnyServerTests.Setup.open(.variant)
        let (copy, clock) = (setup.copy, setup.clock)
        defer { Task { await setup.close() } }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        setup.server.misbehave(.busyStreams)
        let changes = copy.changes()
        let waits = try await Self.followWaits(3, on: clock)
        #expect(waits == [45, 45, 45], "\(waits)")
        _ = changes
    }

    /// The follow's next `count` waits, in whole seconds, each let run out on `clock`.
    static func followWaits(_ count: Int, on clock: ManualClock) async throws -> [Int] {
        var waits: [Int] = []
        for _ in 0..<count {
            let wake = try await followWakes(on: clock)
            waits.append(Int(wake.timeIntervalSince(clock.now).rounded()))
            clock.advance(by: .seconds(wake.timeIntervalSince(clock.now)))
        }
        return waits
    }

    /// When the follow's wait ends, once it waits: yields (never sleeps) until a task sleeps on
    /// `clock` for less than a minute.
    static func followWakes(on clock: ManualClock) async throws -> Date {
        for _ in 0..<1_000_000 {
            if let wake = clock.sleeperDeadlines.first(where: { $0.timeIntervalSince(clock.now) < 60 }) { return wake }
            await Task.yield()
        }
        throw CancellationError()
    }
}
