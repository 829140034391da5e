import Foundation
import MarfaClock
import Synchronization

/// Signs an app in with the owner's approval (OAuth 2.1: PKCE S256 in a browser, or a device code),
/// and keeps the sign-in in a key store under `service`.
///
/// It finds the server's OAuth doors through discovery and registers the app as a native public
/// client once, keeping the registration with the sign-in. `offline_access` is added to the
/// scopes, so the sign-in lasts; the owner may approve fewer, and `Credential.scopes` says which.
///
/// A `Credential` it gives out renews itself: a `Server(url:credential:)` made from it in this
/// process finds this sign-in's renewing source by the credential's server and client, so a
/// refused access token is renewed once (one renewal at a time per kept sign-in in the process,
/// and across processes sharing the store through a lock beside the entry) and the call sent again.
public final class Authorization: Sendable {
    /// What the app registers as, and what it asks for.
    public struct Client: Sendable, Hashable {
        /// The app's name, shown on the owner's approval page.
        public var name: String
        /// Where the browser returns the approval: a private-use address such as
        /// `com.example.app:/signed-in`, whose scheme is a reverse domain name, with a path and no
        /// host (anything else makes `Authorization`'s init throw `noRedirect`). Nil for an app that
        /// signs in with a device code or a loopback redirect only.
        public var redirect: URL?
        /// The scopes the app asks for; `offline_access` is added.
        public var scopes: [String]

        /// An app named `name` that asks for `scopes`; `redirect` is where a browser sign-in returns (nil for
        /// device sign-in only).
        public init(name: String, redirect: URL?, scopes: [String]) {
            self.name = name
            self.redirect = redirect
            self.scopes = scopes
        }
    }

    /// The server's origin (`scheme://host[:port]`).
    public let server: URL
    /// The app this sign-in is for.
    public let client: Client
    /// The key-store service the sign-in is kept under.
    public let service: String
    /// Where the sign-in is kept.
    public let store: any KeyStore

    let origin: String
    let wire: OAuthWire
    /// How long a write to the kept sign-in waits for another process's hold on it.
    let lockWait: Duration
    /// Where credentials' expiry is read and device sign-in polls wait.
    let clock: any MarfaClock

    /// The loopback redirect registered for command-line and Linux sign-ins (RFC 8252 §7.3: the
    /// server accepts any port on it).
    static let loopbackRedirect = "http://127.0.0.1/signed-in"

    /// Throws `notAServer` when `server` isn't an `http` or `https` address with a host, and
    /// `noRedirect` when `client.redirect` isn't a private-use address with a path and no host.
    public convenience init(
        server: URL, client: Client, service: String, store: any KeyStore = Keychain.system
    )
        throws
    {
        try self.init(
            server: server, client: client, service: service, store: store, transport: nil, lockWait: .seconds(10),
            clock: SystemClock())
    }

    /// For tests: OAuth requests go through `transport` (the shared one when nil), a write or
    /// renewal waits `lockWait` for another process's hold on the kept sign-in, and credentials'
    /// `expiresAt` and device sign-in polls read `clock`.
    package init(
        server: URL, client: Client, service: String, store: any KeyStore, transport: (any ClientTransport)?,
        lockWait: Duration, clock: any MarfaClock = SystemClock()
    ) throws {
        var wire = OAuthWire()
        if let transport { wire.transport = transport }
        guard Server.problem(with: server) == nil, let origin = Server.origin(of: server),
            let originURL = URL(string: origin)
        else {
            throw SignInError.notAServer
        }
        if let redirect = client.redirect, !PrivateUseRedirect.isValid(redirect) { throw SignInError.noRedirect }
        self.server = originURL
        self.origin = origin
        self.client = client
        self.service = service
        self.store = store
        self.wire = wire
        self.lockWait = lockWait
        self.clock = clock
    }

    var account: String { KeptSignIn.account(origin: origin) }

    /// The scopes sent: the app's, then `offline_access`.
    var requestedScope: String {
        var scopes = client.scopes
        if !scopes.contains("offline_access") { scopes.append("offline_access") }
        return scopes.joined(separator: " ")
    }

    static func scopeList(_ scope: String) -> [String] {
        scope.split(separator: " ").map(String.init)
    }

    /// The renewing source of this sign-in, shared in the process.
    var source: SignInSource {
        SignInSources.source(
            store: store, service: service, account: account, origin: origin, wire: wire, lockWait: lockWait,
            clock: clock)
    }

    /// For tests: how many refresh requests this sign-in's renewing source sent in this process.
    package var refreshCount: Int { source.refreshCount }

    // MARK: Reading and signing out

    /// The kept sign-in, or nil when the app hasn't signed in, signed out, or the sign-in ended.
    /// Its `replacedGrantStands` is always false. Throws `unreadable` when the store holds it but
    /// can't read it.
    public func credential() throws -> Credential? {
        guard let kept = try KeptSignIn.read(from: store, service: service, account: account) else { return nil }
        SignInSources.register(source, origin: origin, clientID: kept.credential.clientID)
        return kept.credential
    }

    /// A `Server` at `url` that sends the kept sign-in (renewing it as `Authorization` describes).
    /// Throws `notSignedIn` when nothing is kept, and `otherServer` when `url` is on another server.
    public func server(at url: URL) throws -> Server {
        guard Server.problem(with: url) == nil else { throw SignInError.notAServer }
        guard Server.origin(of: url) == origin else { throw SignInError.otherServer }
        guard let credential = try credential() else { throw SignInError.notSignedIn }
        do {
            return try Server(url: url, credential: credential)
        } catch {
            throw SignInError.otherServer
        }
    }

    /// Deletes the kept sign-in, then revokes it at the server. Returns false when the server didn't
    /// confirm the grant ended (it stands until the owner revokes it). Throws `notSignedIn` when
    /// nothing is kept, and `heldElsewhere` (changing nothing) when another process holds it too long.
    @discardableResult
    public func signOut() async throws -> Bool {
        let store = store, service = service, account = account
        let removed: KeptSignIn?
        do {
            removed = try await store.withExclusiveAccess(service: service, account: account, wait: lockWait) {
                () async throws -> KeptSignIn? in
                guard let kept = try KeptSignIn.read(from: store, service: service, account: account) else {
                    return nil
                }
                try store.remove(service: service, account: account)
                return kept
            }
        } catch {
            throw Self.signInError(error)
        }
        guard let removed else { throw SignInError.notSignedIn }
        // A renewed pair the store couldn't keep holds the grant's live refresh token.
        return await revokeGrant(of: source.forget(removed: removed))
    }

    /// Revokes the grant behind `kept`: its refresh token (which ends the chain), else its access token.
    func revokeGrant(of kept: KeptSignIn) async -> Bool {
        guard let endpoint = kept.endpoints.revocation else { return false }
        if let refresh = kept.credential.refreshToken {
            return await wire.revoke(
                at: endpoint, token: refresh, hint: "refresh_token", clientID: kept.credential.clientID)
        }
        return await wire.revoke(
            at: endpoint, token: kept.credential.accessToken, hint: "access_token", clientID: kept.credential.clientID)
    }

    static func signInError(_ error: any Error) -> SignInError {
        switch error {
        case let error as SignInError: error
        case let error as Keychain.Failure: SignInError(error)
        case is CancellationError: .canceled
        default: .unavailable(message: "The key store couldn't be used.")
        }
    }

    // MARK: The client registration

    /// The doors and client to sign in with: the kept sign-in's when its registration covers the
    /// redirects, else discovered and registered now.
    func registeredClient() async throws(SignInError) -> (
        endpoints: OAuthEndpoints, clientID: String, redirects: [String]
    ) {
        var redirects = [Self.loopbackRedirect]
        if let redirect = client.redirect { redirects.insert(redirect.absoluteString, at: 0) }
        if let kept = try? KeptSignIn.read(from: store, service: service, account: account),
            let clientID = kept.credential.clientID, Set(redirects).isSubset(of: Set(kept.redirects))
        {
            return (kept.endpoints, clientID, kept.redirects)
        }
        let endpoints = try await wire.discover(origin: origin)
        guard let registration = endpoints.registration else {
            throw .unreadable(message: "The server offers no client registration.")
        }
        let clientID = try await wire.register(
            at: registration, name: client.name, redirects: redirects, scope: requestedScope)
        return (endpoints, clientID, redirects)
    }

    // MARK: Keeping a new sign-in

    /// Keeps the approval `tokens` as the sign-in, replacing (and ending) the kept one, and answers
    /// the credential. When the store can't be written because another process holds it, the new
    /// approval is revoked and `heldElsewhere` thrown.
    func keep(
        _ tokens: Components.Schemas.TokenResponse, endpoints: OAuthEndpoints, clientID: String, redirects: [String]
    ) async throws(SignInError) -> Credential {
        let credential = Credential(
            server: server, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
            expiresAt: tokens.expiresIn.map { clock.now.addingTimeInterval(TimeInterval($0)) },
            scopes: tokens.scope.map(Self.scopeList) ?? Self.scopeList(requestedScope), replacedGrantStands: false,
            clientID: clientID, tokenEndpoint: endpoints.token)
        let fresh = KeptSignIn(credential: credential, endpoints: endpoints, redirects: redirects)
        let store = store, service = service, account = account
        let replaced: KeptSignIn?
        do {
            replaced = try await store.withExclusiveAccess(service: service, account: account, wait: lockWait) {
                let old = try? KeptSignIn.read(from: store, service: service, account: account)
                try fresh.write(to: store, service: service, account: account)
                return old
            }
        } catch {
            let failure = Self.signInError(error)
            if let revocation = endpoints.revocation {
                _ = await wire.revoke(
                    at: revocation, token: tokens.refreshToken ?? tokens.accessToken,
                    hint: tokens.refreshToken == nil ? "access_token" : "refresh_token", clientID: clientID)
            }
            throw failure
        }
        let source = source
        source.adopt(credential.accessToken)
        SignInSources.register(source, origin: origin, clientID: clientID)
        var answer = credential
        if let replaced {
            if replaced.credential.clientID == clientID {
                // The same client shares the grant: end only the old access token.
                if let revocation = replaced.endpoints.revocation,
                    replaced.credential.accessToken != credential.accessToken
                {
                    _ = await wire.revoke(
                        at: revocation, token: replaced.credential.accessToken, hint: "access_token", clientID: clientID
                    )
                }
            } else {
                answer.replacedGrantStands = !(await revokeGrant(of: replaced))
            }
        }
        return answer
    }
}
