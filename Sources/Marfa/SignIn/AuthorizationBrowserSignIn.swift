import Foundation
import Synchronization

extension Authorization {
    /// Signs in through `browser`: the authorization code flow with PKCE S256 and a random `state`.
    ///
    /// Keeps the new sign-in, ending the grant of the one it replaces (see `Credential.replacedGrantStands`).
    /// Throws `stateMismatch` for an approval this sign-in didn't ask for, `denied` when the owner
    /// declined, `canceled` when the browser was closed, and `refused` for other OAuth errors.
    public func signIn(with browser: some SignInBrowser) async throws -> Credential {
        let registered = try await registeredClient()
        let proof = PKCE()
        let state = RandomToken.make(bytes: 16)
        let usedRedirect = Mutex<URL?>(nil)
        let endpoints = registered.endpoints, clientID = registered.clientID, scope = requestedScope
        let callback = try await browser.approve(redirect: client.redirect) { redirect in
            usedRedirect.withLock { $0 = redirect }
            return Self.authorizeURL(
                endpoints.authorization, clientID: clientID, redirect: redirect, scope: scope, state: state,
                challenge: proof.challenge)
        }
        guard let redirect = usedRedirect.withLock({ $0 }) else { throw SignInError.noRedirect }
        let code = try Self.code(from: callback, redirect: redirect, state: state)
        let tokens = try await wire.token(
            at: endpoints.token,
            form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect.absoluteString),
                ("client_id", clientID), ("code_verifier", proof.verifier),
            ])
        return try await keep(tokens, endpoints: endpoints, clientID: clientID, redirects: registered.redirects)
    }

    /// The authorize address: `response_type=code`, the client, redirect, scope, state and S256 challenge.
    static func authorizeURL(
        _ endpoint: URL, clientID: String, redirect: URL, scope: String, state: String, challenge: String
    ) -> URL {
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) ?? URLComponents()
        var items = components.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirect.absoluteString),
            URLQueryItem(name: "scope", value: scope),
            URLQueryItem(name: "state", value: state), URLQueryItem(name: "code_challenge", value: challenge),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
        ]
        components.queryItems = items
        // `+` in a query reads as a space to form decoders: encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? endpoint
    }

    /// The code an approval `callback` carries, after checking it came back to `redirect` with `state`.
    static func code(from callback: URL, redirect: URL, state: String) throws(SignInError) -> String {
        guard let components = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            callback.scheme?.lowercased() == redirect.scheme?.lowercased()
        else { throw .unreadable(message: "The browser returned to an address this sign-in didn't give.") }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("state") == state else { throw .stateMismatch }
        if let error = value("error") {
            if error == "access_denied" { throw .denied }
            let description = value("error_description").map { ": \($0)" } ?? "."
            throw .refused(code: error, message: "The server refused the sign-in (\(error))\(description)")
        }
        guard let code = value("code"), !code.isEmpty else {
            throw .unreadable(message: "The approval carries no authorization code.")
        }
        return code
    }
}
