import MarfaClock
import Synchronization

/// The live follow of the instance's events: runs while a `changes()` stream is held and the copy
/// has a server, reconnects after waits that double from 1 s up to 30 s (starting again at 1 s
/// after a stream that stayed open 30 s or more), and halts on an error
/// asking again can't clear (an expired copy, a refused key) until the next hydration or catch-up.
/// A stream the server ended because its token expired (`credential_ended`) is followed by one
/// renewal and an immediate reconnect (`CredentialEndedRule`). A server that asks for a longer wait
/// (`Retry-After`) gets it, up to `longestServerWait`.
final class FollowLoop: Sendable {
    static let longestWait: Duration = .seconds(30)
    /// The most a server's `Retry-After` holds the follow back.
    static let longestServerWait: UInt64 = 600

    private struct State {
        var wanted = false
        var paused = 0
        var halted = false
        var stopped = false
        var task: Task<Void, Never>?
    }

    private final class WeakSync: Sendable {
        private let reference = Mutex<CopySyncReference?>(nil)
        func set(_ sync: CopySync) { reference.withLock { $0 = CopySyncReference(sync) } }
        var sync: CopySync? { reference.withLock { $0?.sync } }
    }

    private struct CopySyncReference: @unchecked Sendable {
        weak var sync: CopySync?
        init(_ sync: CopySync) { self.sync = sync }
    }

    private let state = Mutex(State())
    private let owner = WeakSync()
    private let clock: any MarfaClock

    init(clock: any MarfaClock) { self.clock = clock }

    func attach(_ sync: CopySync) { owner.set(sync) }

    /// Starts or stops the follow as streams come and go.
    func setWanted(_ wanted: Bool) {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.wanted = wanted
            guard !wanted else { return nil }
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        startIfNeeded()
    }

    /// Stops the follow until `resume`, waiting for it to end.
    func pause() async {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.paused += 1
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        await task?.value
    }

    func resume() {
        state.withLock { $0.paused -= 1 }
        startIfNeeded()
    }

    /// Lets a halted follow run again, after a hydration or catch-up succeeded.
    func clearHalt() { state.withLock { $0.halted = false } }

    /// Stops the follow for good.
    func stop() async {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.stopped = true
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
        await task?.value
    }

    private func startIfNeeded() {
        guard let sync = owner.sync, sync.hasServer, sync.store.handle == .writer else { return }
        state.withLock { state in
            guard state.wanted, state.paused == 0, !state.halted, !state.stopped, state.task == nil else { return }
            state.task = Task { [weak self] in await self?.run(sync) }
        }
    }

    private func run(_ sync: CopySync) async {
        var wait: Duration = .seconds(1)
        var credentialEnded = CredentialEndedRule()
        while !Task.isCancelled {
            var asked: UInt64 = 0
            sync.updates.send(.connecting)
            let opened = clock.now
            do {
                let server = try sync.server()
                let sent = try? await server.credentials.authorization()
                do {
                    try await followOnce(sync, server: server)
                    credentialEnded.reset()
                } catch let ended where CredentialEndedRule.handles(ended) {
                    // The server ended the stream when its token expired: renew and reconnect at once.
                    if try await credentialEnded.renew(
                        ended, credentials: server.credentials, sent: sent, opened: opened, now: clock.now)
                    {
                        continue
                    }
                }
            } catch .canceled {
                return
            } catch let error where Self.waitsForHydration(error) {
                sync.updates.send(.idle)
                return finish()
            } catch let error where Self.retries(error) {
                asked = min(error.retryAfterSeconds ?? 0, Self.longestServerWait)
                if error.isOffline { sync.feed.send(Change(origin: .serverUnreachable(error))) }
                sync.updates.send(.offline(error))
            } catch {
                sync.feed.send(Change(origin: .stopped(error)))
                sync.updates.send(.stopped(error))
                state.withLock { $0.halted = true }
                return finish()
            }
            // A stream that stayed open a while starts the waits again; a server that ends every
            // stream at once is asked after waits that double, as after any other failure.
            if clock.now.timeIntervalSince(opened) >= Double(Self.longestWait.components.seconds) { wait = .seconds(1) }
            do { try await clock.sleep(for: max(wait, .seconds(asked))) } catch { return }
            wait = min(wait * 2, Self.longestWait)
        }
    }

    private func finish() { state.withLock { $0.task = nil } }

    /// Reads one copy stream from the copy's cursor, applying its events until it ends.
    private func followOnce(_ sync: CopySync, server: Server) async throws(MarfaError) {
        var replay = EventReplay(
            wire: CopyWire(server: server), store: sync.store, onChange: { sync.feed.send($0) },
            onLive: {
                sync.updates.send(.following)
                sync.feed.send(Change(origin: .serverReachable))
            }, progress: { _ in })
        replay.catalogRefresh = (clock, EventReplay.catalogRefreshInterval)
        _ = try await replay.run(follow: true)
    }

    /// Errors a follow waits out quietly: the copy was never filled.
    static func waitsForHydration(_ error: MarfaError) -> Bool {
        switch error {
        case .hydrationIncomplete, .noCursor: true
        default: false
        }
    }

    /// Errors a follow retries after a wait: the connection, the server's own troubles, and a
    /// stream that ended early for any reason but a dead key.
    static func retries(_ error: MarfaError) -> Bool {
        if case .streamIncomplete(let reason, _) = error { return reason != "credential_ended" }
        if case .unnamed = error { return true }
        return error.isTransient
    }
}
