import Foundation
import MarfaClock
import Synchronization

/// The renewing `CredentialSource` of one kept sign-in (a key store, a service and an account).
///
/// There is one per entry in the process (`SignInSources`), so renewals run one at a time across
/// every `Server` and copy using it; across processes sharing the store they run under the entry's
/// lock (`KeyStore.withExclusiveAccess`). Before refreshing it reads the store again: when another
/// holder already renewed, it takes that token and sends nothing.
///
/// A renewal runs apart from the calls that asked for it, with the OAuth requests' own time limit:
/// a call that is canceled or runs out of time stops waiting, and the renewal still finishes and
/// keeps the rotated pair, so the next call uses it (calls arriving meanwhile wait for the same
/// renewal). When the store can't keep a renewed pair, the pair is used in memory and written again
/// on the next renewal. Only the server's `invalid_grant` (a reused token, an ended grant) deletes the
/// kept sign-in, and the call throws `signedOut`; another OAuth refusal leaves it kept.
final class SignInSource: CredentialSource {
    let store: any KeyStore
    let service: String
    let account: String
    let origin: String
    let wire: OAuthWire
    /// How long a renewal waits for another process's hold on the entry.
    let lockWait: Duration
    /// Where a renewed credential's `expiresAt` is read from.
    let clock: any MarfaClock

    /// A renewed pair the store couldn't keep, and the refresh token the store still holds.
    struct Unsaved: Sendable {
        var kept: KeptSignIn
        var storeHolds: String?
    }

    private let current: Mutex<String?>
    private let unsaved = Mutex<Unsaved?>(nil)
    private let running = Mutex<SharedOutcome<Bool>?>(nil)
    private let refreshes = Atomic<Int>(0)
    private let changes = Atomic<Int>(0)

    init(
        store: any KeyStore, service: String, account: String, origin: String, wire: OAuthWire, lockWait: Duration,
        clock: any MarfaClock, token: String?
    ) {
        self.store = store
        self.service = service
        self.account = account
        self.origin = origin
        self.wire = wire
        self.lockWait = lockWait
        self.clock = clock
        current = Mutex(token)
    }

    /// How many refresh requests this source sent.
    var refreshCount: Int { refreshes.load(ordering: .relaxed) }

    /// Moves whenever the token this source sends changes: a renewal here or elsewhere, or another sign-in.
    var renewals: Int { changes.load(ordering: .relaxed) }

    /// Whether a renewed pair waits to be written to the store.
    var holdsUnsavedPair: Bool { unsaved.withLock { $0 != nil } }

    /// Takes `token` as the one to send, after a sign-in kept it.
    func adopt(_ token: String?) {
        let changed = current.withLock { held in
            defer { held = token }
            return token != nil && held != token
        }
        if changed { changes.add(1, ordering: .relaxed) }
    }

    /// Forgets the token and any unsaved pair, after a sign-out removed `removed` from the store;
    /// answers the newest pair of that sign-in (the unsaved one when it renewed `removed`).
    func forget(removed: KeptSignIn) -> KeptSignIn {
        adopt(nil)
        let pending = unsaved.withLock { slot -> Unsaved? in
            defer { slot = nil }
            return slot
        }
        guard let pending, pending.storeHolds == removed.credential.refreshToken else { return removed }
        return pending.kept
    }

    func authorization() async throws -> String {
        if let token = current.withLock({ $0 }) { return "Bearer \(token)" }
        guard let kept = try readKept() else { throw signedOut }
        adopt(kept.credential.accessToken)
        return "Bearer \(kept.credential.accessToken)"
    }

    /// Joins the renewal in flight, or starts one; waits for it until the call's deadline.
    func renew(refused: String) async throws -> Bool {
        let refusedToken = refused.hasPrefix("Bearer ") ? String(refused.dropFirst(7)) : refused
        let renewal = running.withLock { slot -> SharedOutcome<Bool> in
            if let slot { return slot }
            let made = SharedOutcome<Bool>()
            slot = made
            // Detached: neither the caller's cancellation nor its time budget reaches the renewal.
            Task.detached {
                let result: Result<Bool, any Error>
                do {
                    result = .success(try await self.renewNow(refused: refusedToken))
                } catch {
                    result = .failure(error)
                }
                self.running.withLock { $0 = nil }
                made.finish(result)
            }
            return made
        }
        return try await renewal.value(
            until: CallLimits.current?.deadline,
            expired: MarfaError.network(message: "The call ran out of time while its sign-in was being renewed."))
    }

    private func renewNow(refused: String) async throws -> Bool {
        // Someone in this process, or another process, may have renewed already.
        if !holdsUnsavedPair, let newer = try renewedElsewhere(refused: refused) {
            adopt(newer)
            return true
        }
        do {
            return try await store.withExclusiveAccess(service: service, account: account, wait: lockWait) {
                guard let kept = try self.newestKept() else {
                    self.adopt(nil)
                    throw self.signedOut
                }
                if kept.credential.accessToken != refused {
                    self.adopt(kept.credential.accessToken)
                    return true
                }
                return try await self.refresh(kept)
            }
        } catch Keychain.Failure.heldElsewhere {
            throw MarfaError.noKeychain(message: "Another process held the sign-in too long to renew it; try again.")
        }
    }

    /// The kept access token when it is no longer `refused`; nil when the refused one is still kept.
    private func renewedElsewhere(refused: String) throws -> String? {
        guard let kept = try readKept() else {
            adopt(nil)
            throw signedOut
        }
        return kept.credential.accessToken == refused ? nil : kept.credential.accessToken
    }

    /// The newest pair of the sign-in; runs under the entry's lock. That is the unsaved pair (written
    /// now when the store takes it) while the store still holds the pair it replaced, else the stored one.
    private func newestKept() throws -> KeptSignIn? {
        let stored = try readKept()
        guard let pending = unsaved.withLock({ $0 }) else { return stored }
        guard let stored, stored.credential.refreshToken == pending.storeHolds else {
            // Signed out or signed in again since: the store wins.
            unsaved.withLock { $0 = nil }
            return stored
        }
        if (try? pending.kept.write(to: store, service: service, account: account)) != nil {
            unsaved.withLock { $0 = nil }
        }
        return pending.kept
    }

    /// Sends the refresh and keeps the new pair; runs under the entry's lock.
    private func refresh(_ kept: KeptSignIn) async throws -> Bool {
        guard let refreshToken = kept.credential.refreshToken else { return false }
        var form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let clientID = kept.credential.clientID { form.append(("client_id", clientID)) }
        refreshes.add(1, ordering: .relaxed)
        let tokens: Components.Schemas.TokenResponse
        do {
            tokens = try await wire.token(at: kept.endpoints.token, form: form)
        } catch .refused(let code, let message) {
            guard code == "invalid_grant" else { throw MarfaError.unauthorized(code: code, message: message) }
            _ = try? store.remove(service: service, account: account)
            unsaved.withLock { $0 = nil }
            adopt(nil)
            throw signedOut
        } catch .canceled {
            throw MarfaError.canceled
        } catch .unavailable(let message) {
            throw MarfaError.network(message: message)
        } catch {
            throw MarfaError.decoding(message: error.message)
        }
        var renewed = kept
        renewed.credential.accessToken = tokens.accessToken
        renewed.credential.refreshToken = tokens.refreshToken ?? refreshToken
        renewed.credential.expiresAt = tokens.expiresIn.map { clock.now.addingTimeInterval(TimeInterval($0)) }
        if let scope = tokens.scope { renewed.credential.scopes = Authorization.scopeList(scope) }
        adopt(tokens.accessToken)
        let storeHolds = unsaved.withLock { $0?.storeHolds } ?? refreshToken
        do {
            try renewed.write(to: store, service: service, account: account)
            unsaved.withLock { $0 = nil }
        } catch {
            // The server rotated the pair: keep using it, and write it on the next renewal.
            unsaved.withLock { $0 = Unsaved(kept: renewed, storeHolds: storeHolds) }
        }
        return true
    }

    private func readKept() throws -> KeptSignIn? {
        do {
            return try KeptSignIn.read(from: store, service: service, account: account)
        } catch {
            throw MarfaError.noKeychain(message: error.message)
        }
    }

    private var signedOut: MarfaError {
        .signedOut(origin: origin, message: "The sign-in to \(origin) ended. Sign in again.")
    }
}

/// The process's renewing sources: one per kept sign-in, found by the store entry, and by the
/// server and client a `Credential` names, so `Server(url:credential:)` renews a credential that an
/// `Authorization` in this process gave out.
enum SignInSources {
    private struct Entry: Hashable {
        var store: String
        var service: String
        var account: String
    }

    private struct Issued: Hashable {
        var origin: String
        var clientID: String
    }

    private struct Table: ~Copyable {
        var byEntry: [Entry: SignInSource] = [:]
        var byIssued: [Issued: SignInSource] = [:]
    }

    private static let table = Mutex(Table())

    /// The source of the entry, made on first use (with the wire, lock wait and clock of that use).
    static func source(
        store: any KeyStore, service: String, account: String, origin: String, wire: OAuthWire, lockWait: Duration,
        clock: any MarfaClock
    ) -> SignInSource {
        let key = Entry(store: store.identity, service: service, account: account)
        return table.withLock { table in
            if let existing = table.byEntry[key] { return existing }
            let made = SignInSource(
                store: store, service: service, account: account, origin: origin, wire: wire, lockWait: lockWait,
                clock: clock,
                token: nil)
            table.byEntry[key] = made
            return made
        }
    }

    /// Records that `source` renews credentials of `clientID` at `origin`.
    static func register(_ source: SignInSource, origin: String, clientID: String?) {
        guard let clientID else { return }
        table.withLock { $0.byIssued[Issued(origin: origin, clientID: clientID)] = source }
    }

    /// The source that renews `credential`, when an `Authorization` in this process gave it out.
    static func source(for credential: Credential) -> SignInSource? {
        guard let origin = Server.origin(of: credential.server), let clientID = credential.clientID else { return nil }
        return table.withLock { $0.byIssued[Issued(origin: origin, clientID: clientID)] }
    }
}
