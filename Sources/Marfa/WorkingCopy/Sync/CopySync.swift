import Foundation
import MarfaClock
import Synchronization

/// A store's dealings with its server: hydration, catch-up, pins, the key, and the live follow.
/// One of these runs at a time; the follow pauses while another does.
package final class CopySync: Sendable {
    let store: SQLiteCopyStore
    let feed: ChangeFeed
    let updates: UpdateFeed
    let clock: any MarfaClock
    private let serverState: Mutex<Server?>
    private let lock = AsyncLock()
    /// The credential's renewal count when a drain last parked the queue; nil when none did since
    /// the copy opened or took a key.
    let parkedUnder = Mutex<Int?>(nil)
    let follow: FollowLoop

    init(store: SQLiteCopyStore, server: Server?, feed: ChangeFeed, updates: UpdateFeed, clock: any MarfaClock) {
        self.store = store
        self.feed = feed
        self.updates = updates
        self.clock = clock
        serverState = Mutex(server)
        follow = FollowLoop(clock: clock)
        follow.attach(self)
    }

    /// The server, or `noServer`.
    func server() throws(MarfaError) -> Server {
        guard let server = serverState.withLock({ $0 }) else {
            throw .noServer(message: "This call needs a server, and the copy was opened without one.")
        }
        return server
    }

    var hasServer: Bool { serverState.withLock { $0 != nil } }

    /// Runs `body` alone, the follow paused; it starts again afterwards when it is wanted.
    func exclusively<T: Sendable>(_ body: () async throws(MarfaError) -> T) async throws(MarfaError) -> T {
        guard store.handle == .writer else { throw WorkingCopy.readingHandleError }
        await lock.lock()
        await follow.pause()
        defer {
            follow.resume()
            lock.unlock()
        }
        return try await body()
    }

    func hydrate(_ slice: CopySlice) async throws(MarfaError) -> HydrateReport {
        let wire = CopyWire(server: try server())
        return try await exclusively { () async throws(MarfaError) -> HydrateReport in
            let updates = self.updates
            updates.send(.hydrating(.init()))
            do throws(MarfaError) {
                let report = try await HydrationRun(wire: wire, store: store, slice: slice) {
                    updates.send(.hydrating($0))
                }.run()
                feed.send(Change(origin: .refreshed(.hydrated)))
                updates.send(.idle)
                follow.clearHalt()
                return report
            } catch {
                updates.send(.stopped(error))
                throw error
            }
        }
    }

    func catchUp() async throws(MarfaError) -> CatchUpReport {
        let wire = CopyWire(server: try server())
        return try await exclusively { () async throws(MarfaError) -> CatchUpReport in
            let (feed, updates) = (self.feed, self.updates)
            updates.send(.catchingUp(.init()))
            do throws(MarfaError) {
                let report = try await EventReplay(
                    wire: wire, store: store, onChange: { feed.send($0) }, onLive: {},
                    progress: { updates.send(.catchingUp($0)) }
                ).run(follow: false)
                feed.send(Change(origin: .serverReachable))
                feed.send(Change(origin: .refreshed(.caughtUp)))
                updates.send(.idle)
                follow.clearHalt()
                return report
            } catch {
                updates.send(error.isOffline ? .offline(error) : .stopped(error))
                throw error
            }
        }
    }

    /// Replaces the server's key, the follow paused; the writes the old one parked go again at the
    /// next drain.
    func useKey(_ key: String) async throws(MarfaError) {
        let current = try server()
        var next: Server
        do { next = try Server(url: current.url, key: key) } catch { throw MarfaError(error) }
        next.transport = current.transport
        try await exclusivelyForKey {
            serverState.withLock { $0 = next }
            parkedUnder.withLock { $0 = nil }
        }
        if store.handle == .writer { _ = try await store.releaseParked() }
    }

    private func exclusivelyForKey(_ body: () -> Void) async throws(MarfaError) {
        await lock.lock()
        await follow.pause()
        body()
        follow.resume()
        lock.unlock()
    }

    /// Stops the follow for good.
    func stop() async {
        await follow.stop()
    }
}
