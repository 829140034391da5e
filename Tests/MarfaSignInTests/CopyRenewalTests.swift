import Foundation
import Marfa
import Testing

@testable import Marfa

/// A working copy on a sign-in whose access token lives one second on the instance's clock: each
/// copy call made after the token's life renews once and answers as if the token were fresh, and a
/// refused renewal parks the queue until the next sign-in.
@Suite struct CopyRenewalTests {
    static let scopes = ["core.note:write", "edge.*:write", "metadata:write", "system.view:write", "items.purge"]

    /// A signed-in copy on a fresh store, hydrated with `core.note`.
    struct SignedInCopy {
        let fixture: SignInFixture
        let auth: Authorization
        let copy: WorkingCopy

        static func open() async throws -> SignedInCopy {
            let fixture = try await SignInFixture { $0.accessTokenLifetime = .seconds(1) }
            let auth = try fixture.authorization(scopes: CopyRenewalTests.scopes)
            _ = try await auth.signIn(with: OwnerBrowser())
            let copy = try await WorkingCopy.open(
                store: fixture.folder.url.appendingPathComponent("copy.sqlite"),
                server: try auth.server(at: fixture.instance.url),
                expectingUnsent: nil, clock: fixture.clock)
            return SignedInCopy(fixture: fixture, auth: auth, copy: copy)
        }

        /// Lets the access token's life pass, runs `body`, and checks it renewed exactly once.
        func afterExpiry<T>(_ call: String, _ body: () async throws -> T) async throws -> T {
            fixture.clock.advance(by: .milliseconds(1500))
            let before = auth.refreshCount
            let result = try await body()
            #expect(auth.refreshCount - before == 1, "\(call) renewed once")
            return result
        }

        /// Creates a note through a second copy on the owner's key, as another device would; answers its id.
        func writeElsewhere(title: String) async throws -> String {
            let key = try #require(fixture.instance.bootstrapKey)
            let other = try await WorkingCopy.open(
                store: fixture.folder.url.appendingPathComponent("elsewhere-\(UUID().uuidString).sqlite"),
                server: try Server(url: fixture.instance.url, key: key), expectingUnsent: nil, clock: fixture.clock)
            _ = try await other.hydrate(types: ["core.note"], tier: .all)
            let write = try await other.items.create(Draft(type: "core.note", properties: ["title": .string(title)]))
            let drained = try await other.queue.drain()
            await other.close()
            #expect(drained.verdicts.map(\.verdict) == [.accepted])
            return try #require(write.itemId)
        }

        func close() async {
            await copy.close()
            await fixture.stop()
        }
    }

    @Test(
        "hydrate, drain, catch-up, pin, bin, purge and the view calls each renew a token past its life once and answer")
    func everyCopyCallRenews() async throws {
        let signed = try await SignedInCopy.open()
        let copy = signed.copy
        let report = try await signed.afterExpiry("hydrate") {
            try await copy.hydrate(types: ["core.note"], tier: .all)
        }
        #expect(report.items == 0)

        let kept = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Kept"]))
        let binned = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Binned"]))
        #expect(try await copy.status().unsent == 2)
        let drained = try await signed.afterExpiry("drain") { try await copy.queue.drain() }
        #expect(drained.verdicts.map(\.verdict) == [.accepted, .accepted], "\(drained)")
        #expect(drained.stopped == nil)
        #expect(try await copy.status().unsent == 0)
        // The accepted create adopted the server's row: its version is the server's.
        #expect(try await copy.items.get(kept.itemId ?? "")?.version == 1)

        let caught = try await signed.afterExpiry("catchUp") { try await copy.catchUp() }
        #expect(caught.reachedHead)
        let pinned = try await signed.afterExpiry("pin") { try await copy.pin(kept.itemId ?? "") }
        #expect(pinned.pinned)

        _ = try await copy.items.delete(binned.itemId ?? "")
        _ = try await signed.afterExpiry("drain of a delete") { try await copy.queue.drain() }
        let bin = try await signed.afterExpiry("bin") { try await copy.items.bin(type: "core.note") }
        #expect(bin.items.map(\.id) == [binned.itemId])
        try await signed.afterExpiry("purge") { try await copy.items.purge(binned.itemId ?? "") }

        let view = try await signed.afterExpiry("views.create") {
            try await copy.views.create(View.Settings(name: "Notes", types: ["core.note"]))
        }
        let changed = try await signed.afterExpiry("views.change") {
            try await copy.views.change(
                view.id, to: View.Settings(name: "All notes", types: ["core.note"]), baseVersion: view.version)
        }
        #expect(changed.settings.name == "All notes")
        try await signed.afterExpiry("views.delete") { try await copy.views.delete(view.id) }
        await signed.close()
    }

    @Test("the follow renews a token past its life and keeps following")
    func followRenews() async throws {
        let signed = try await SignedInCopy.open()
        let copy = signed.copy
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        signed.fixture.clock.advance(by: .milliseconds(1500))
        let before = signed.auth.refreshCount
        let updates = copy.updates()
        let changes = copy.changes()
        let following = try await first(updates) { $0 == .following }
        #expect(following == .following)
        #expect(signed.auth.refreshCount - before == 1)
        _ = changes
        await signed.close()
    }

    @Test(
        "a follow the instance ends as its token expires renews once, reconnects from its cursor and goes on",
        .timeLimit(.minutes(1)))
    func followAcrossTheTokensExpiry() async throws {
        let signed = try await SignedInCopy.open()
        let copy = signed.copy
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        var updates = copy.updates().makeAsyncIterator()
        let changes = copy.changes()
        #expect(await next(&updates) { $0 == .following } == .following)
        let before = signed.auth.refreshCount

        // The token's life passes on the instance's clock: it ends the open stream with
        // stream_incomplete credential_ended, and the follow renews and follows again.
        signed.fixture.clock.advance(by: .milliseconds(1500))
        #expect(await next(&updates) { $0 == .connecting } == .connecting)
        #expect(await next(&updates) { $0 == .following } == .following)
        #expect(signed.auth.refreshCount - before == 1, "one renewal for the ended stream")

        // A write made elsewhere after the expiry reaches the copy through the renewed stream.
        let id = try await signed.writeElsewhere(title: "After the expiry")
        var seen = false
        for await change in changes where change.itemId == id {
            seen = true
            break
        }
        #expect(seen)
        #expect(try await copy.items.get(id)?.title == "After the expiry")
        #expect(signed.auth.refreshCount - before == 1)
        await signed.close()
    }

    @Test("a refused renewal parks the write: status counts it, drains leave it, and it goes after the next sign-in")
    func refusedRenewalParksUntilTheNextSignIn() async throws {
        let signed = try await SignedInCopy.open()
        let copy = signed.copy
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Parked"]))
        let behind = try await copy.items.update(
            write.itemId ?? "", Edit(.merge(["title": "Parked, then edited"]), baseVersion: 0))

        // The kept sign-in goes (as another process signing out would): the renewal is refused.
        try signed.fixture.keys.remove(service: SignInFixture.service, account: signed.auth.account)
        signed.fixture.clock.advance(by: .milliseconds(1500))
        let parked = try await copy.queue.drain()
        #expect(parked.stopped != nil)
        let queue = try await copy.queue.all()
        guard case .blocked(.credentialRefused, _)? = queue.first(where: { $0.id == write.id })?.verdict else {
            Issue.record("the create wasn't parked: \(queue.map(\.verdict))")
            return await signed.close()
        }
        #expect(queue.first(where: { $0.id == behind.id })?.verdict == nil)
        #expect(try await copy.status().unsent == 2, "the parked write and the one behind it")

        // Without a new credential, a drain sends nothing and the write stays parked.
        let again = try await copy.queue.drain()
        #expect(again.answered == 0)
        #expect(try await copy.status().unsent == 2)

        _ = try await signed.auth.signIn(with: OwnerBrowser())
        let sent = try await copy.queue.drain()
        #expect(sent.verdicts.map(\.id) == [write.id, behind.id], "\(sent)")
        #expect(sent.verdicts.allSatisfy { $0.verdict?.isSuccess == true })
        #expect(try await copy.status().unsent == 0)
        #expect(try await copy.items.get(write.itemId ?? "")?.properties["title"] == "Parked, then edited")
        await signed.close()
    }
}

extension CopyRenewalTests {
    @Test("once the server ends the sign-in, the copy's calls throw signedOut and its writes stay queued")
    func anEndedSignInIsSignedOutInEveryCopyCall() async throws {
        let signed = try await SignedInCopy.open()
        let copy = signed.copy
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Kept offline"]))

        // The grant ends at the server, as when the owner revokes the app, and the access token's life passes.
        let credential = try #require(try signed.auth.credential())
        let kept = try #require(
            try KeptSignIn.read(from: signed.fixture.keys, service: SignInFixture.service, account: signed.auth.account)
        )
        let revocation = try #require(kept.endpoints.revocation)
        #expect(
            await OAuthWire().revoke(
                at: revocation, token: credential.refreshToken!, hint: "refresh_token", clientID: credential.clientID))
        signed.fixture.clock.advance(by: .milliseconds(1500))

        await #expect { _ = try await copy.catchUp() } throws: { Self.isSignedOut($0) }
        await #expect { _ = try await copy.hydrate(types: ["core.note"], tier: .all) } throws: { Self.isSignedOut($0) }
        let drained = try await copy.queue.drain()
        #expect(drained.stopped != nil)
        let queued = try await copy.queue.all()
        #expect(queued.map(\.id) == [write.id])
        guard case .blocked(.credentialRefused, _)? = queued.first?.verdict else {
            Issue.record("the write wasn't parked: \(queued.map(\.verdict))")
            return await signed.close()
        }
        #expect(try await copy.status().unsent == 1, "the parked write waits, unsent, for a new sign-in")
        #expect(try signed.auth.credential() == nil, "an ended sign-in is not kept")
        await signed.close()
    }
}

extension CopyRenewalTests {
    /// Whether `error` is `signedOut`, a key refusal.
    static func isSignedOut(_ error: any Error) -> Bool {
        guard case MarfaError.signedOut = error else { return false }
        return (error as? MarfaError)?.isKeyRefusal == true
    }
}

/// The first element of `sequence` that `matches`, at most `limit` elements.
private func first<S: AsyncSequence & Sendable>(
    _ sequence: S, limit: Int = 100, where matches: (S.Element) -> Bool
) async throws -> S.Element? where S.Element: Sendable {
    var seen = 0
    for try await element in sequence {
        if matches(element) { return element }
        seen += 1
        if seen >= limit { return nil }
    }
    return nil
}

/// The next element of `iterator` that `matches`, at most `limit` elements on.
private func next<I: AsyncIteratorProtocol>(
    _ iterator: inout I, limit: Int = 100, where matches: (I.Element) -> Bool
) async -> I.Element? where I.Element: Sendable {
    for _ in 0..<limit {
        guard let element = try? await iterator.next() else { return nil }
        if matches(element) { return element }
    }
    return nil
}
