import Foundation
import MarfaDigest
import MarfaOpenAPIRuntime
import MarfaSQLite
import MarfaTypes

/// OAuth 2.1 for native apps: discovery (RFC 8414), client registration (RFC 7591) and the
/// authorization code flow with PKCE S256 through the owner's consent page.
extension LocalAPI {
    func getAuthorizationServerMetadata(
        _ input: Operations.GetAuthorizationServerMetadata.Input
    ) async throws -> Operations.GetAuthorizationServerMetadata.Output {
        let origin = BrowserRequest.current.origin
        let typeIDs = try await read { db in try db.query("SELECT id FROM item_types").compactMap { $0.string("id") } }
        let metadata = Components.Schemas.AuthorizationServerMetadata(
            issuer: origin + "/auth", authorizationEndpoint: origin + "/auth/oauth2/authorize",
            tokenEndpoint: origin + "/auth/oauth2/token", registrationEndpoint: origin + "/oauth2/register",
            deviceAuthorizationEndpoint: origin + "/auth/device/code",
            revocationEndpoint: origin + "/auth/oauth2/revoke",
            scopesSupported: OAuthScope.supported(typeIDs: typeIDs), responseTypesSupported: ["code"],
            grantTypesSupported: ["authorization_code", "refresh_token", OAuthGrantType.deviceCode],
            codeChallengeMethodsSupported: ["S256"], tokenEndpointAuthMethodsSupported: ["none"])
        return .ok(.init(headers: .init(xMarfaContract: Self.contract), body: .json(metadata)))
    }

    func registerOAuthClient(
        _ input: Operations.RegisterOAuthClient.Input
    ) async throws -> Operations.RegisterOAuthClient.Output {
        guard case .json(let request) = input.body else {
            return .badRequest(
                OAuthRefusal(error: "invalid_client_metadata", description: "A JSON body is required.").body)
        }
        let applicationType = request.applicationType?.rawValue ?? "native"
        guard applicationType == "native" || applicationType == "web" else {
            return .badRequest(
                OAuthRefusal(error: "invalid_client_metadata", description: "application_type must be native or web.")
                    .body)
        }
        let method = request.tokenEndpointAuthMethod ?? "none"
        guard method == "none" else {
            return .badRequest(
                OAuthRefusal(
                    error: "invalid_client_metadata",
                    description:
                        "Only public clients register here: token_endpoint_auth_method must be none (PKCE proves the client)."
                ).body)
        }
        let redirects = request.redirectUris ?? []
        let grantTypes = request.grantTypes ?? ["authorization_code", "refresh_token"]
        let known: Set<String> = ["authorization_code", "refresh_token", OAuthGrantType.deviceCode]
        if let unknown = grantTypes.first(where: { !known.contains($0) }) {
            return .badRequest(
                OAuthRefusal(
                    error: "invalid_client_metadata", description: "The grant type \(unknown) is not supported."
                ).body)
        }
        if grantTypes.contains("authorization_code"), redirects.isEmpty {
            return .badRequest(
                OAuthRefusal(error: "invalid_redirect_uri", description: "redirect_uris must name at least one URI.")
                    .body)
        }
        for uri in redirects {
            if let problem = RedirectURI.problem(with: uri, applicationType: applicationType) {
                return .badRequest(OAuthRefusal(error: "invalid_redirect_uri", description: problem).body)
            }
        }
        var scopes = OAuthScope.parse(request.scope)
        if let bad = scopes.first(where: { !OAuthScope.isValid($0) }) {
            return .badRequest(
                OAuthRefusal(
                    error: "invalid_client_metadata", description: "The scope \(bad) is not one this instance knows."
                ).body)
        }
        if scopes.isEmpty {
            let typeIDs = try await read { db in
                try db.query("SELECT id FROM item_types").compactMap { $0.string("id") }
            }
            scopes = OAuthScope.supported(typeIDs: typeIDs)
        }
        let client = OAuthClient(
            id: "marfa_client_" + Identifiers.secret(bytes: 12), name: request.clientName, redirectURIs: redirects,
            grantTypes: grantTypes, scope: scopes.joined(separator: " "), applicationType: applicationType,
            createdAt: clock.now)
        try await write { db in try client.insert(in: db) }
        let registration = Components.Schemas.ClientRegistration(
            clientId: client.id, clientIdIssuedAt: Int64(client.createdAt.timeIntervalSince1970),
            redirectUris: redirects,
            grantTypes: grantTypes, responseTypes: grantTypes.contains("authorization_code") ? ["code"] : [],
            tokenEndpointAuthMethod: "none", clientName: client.name, scope: client.scope,
            applicationType: .init(rawValue: applicationType))
        return .created(.init(headers: .init(xMarfaContract: Self.contract), body: .json(registration)))
    }

    func authorize(_ input: Operations.Authorize.Input) async throws -> Operations.Authorize.Output {
        let query = input.query
        // Until the client and its redirect URI are known, never redirect anywhere.
        guard let client = try await read({ try OAuthClient.find(id: query.clientId, in: $0) }) else {
            return .badRequest(
                OAuthRefusal(error: "invalid_client", description: "No client is registered as \(query.clientId).").body
            )
        }
        guard client.accepts(redirectURI: query.redirectUri) else {
            return .badRequest(
                OAuthRefusal(error: "invalid_request", description: "redirect_uri is not one the client registered.")
                    .body)
        }
        func back(_ error: String, _ description: String) -> Operations.Authorize.Output {
            .found(
                SignInPages.redirect(
                    to: RedirectURI.adding(
                        [("error", error), ("error_description", description), ("state", query.state)],
                        to: query.redirectUri)))
        }
        guard query.responseType == .code else {
            return back("unsupported_response_type", "response_type must be code.")
        }
        guard query.codeChallengeMethod == .s256 else {
            return back("invalid_request", "code_challenge_method must be S256.")
        }
        guard PKCE.isWellFormed(query.codeChallenge) else {
            return back("invalid_request", "code_challenge must be 43 to 128 URL-safe characters.")
        }
        let scopes = OAuthScope.parse(query.scope)
        if let bad = scopes.first(where: { !OAuthScope.isValid($0) }) {
            return back("invalid_scope", "The scope \(bad) is not one this instance knows.")
        }
        guard scopes.contains(where: { !OAuthScope.oidc.contains($0) }) else {
            return back("invalid_scope", "Ask for at least one scope beyond openid, profile, email and offline_access.")
        }
        let handle = Identifiers.secret()
        let now = clock.now
        let expiresAt = now.addingTimeInterval(signIn.consentLifetime.inSeconds)
        try await write { db in
            try db.run("DELETE FROM oauth_consents WHERE expires_at < ?", now.stored)
            try db.run(
                """
                INSERT INTO oauth_consents (hash, client_id, redirect_uri, scope, state, code_challenge, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, SHA256.hex(handle), client.id, query.redirectUri, scopes.joined(separator: " "), query.state,
                query.codeChallenge, expiresAt.stored)
        }
        let page = RedirectURI.adding(
            [("client_id", client.id), ("scope", scopes.joined(separator: " ")), ("consent_code", handle)],
            to: BrowserRequest.current.origin + "/auth/authorize")
        return .found(SignInPages.redirect(to: page))
    }

    func showConsentPage(_ input: Operations.ShowConsentPage.Input) async throws -> Operations.ShowConsentPage.Output {
        switch try await pendingConsent(input.query.consentCode) {
        case .pending(let consent, let client):
            let page = try await consentPage(consent, client: client, consentCode: input.query.consentCode ?? "")
            return .ok(SignInPages.ok(page.html()))
        case let unavailable:
            let (statusCode, payload) = unavailable.refusalPage(header: pageHeader)
            return .undocumented(statusCode: statusCode, payload)
        }
    }

    func submitConsentDecision(
        _ input: Operations.SubmitConsentDecision.Input
    ) async throws -> Operations.SubmitConsentDecision.Output {
        guard case .urlEncodedForm(let form) = input.body else {
            throw LocalError.validation("A form body is required.")
        }
        let lookup = try await pendingConsent(form.consentCode)
        guard case .pending(let consent, let client) = lookup else {
            let (statusCode, payload) = lookup.refusalPage(header: pageHeader)
            return .undocumented(statusCode: statusCode, payload)
        }
        let handleHash = SHA256.hex(form.consentCode ?? "")
        guard form.decision == .approve else {
            try await write { db in try db.run("DELETE FROM oauth_consents WHERE hash = ?", handleHash) }
            return .found(
                SignInPages.redirect(
                    to: RedirectURI.adding(
                        [
                            ("error", "access_denied"), ("error_description", "The owner declined."),
                            ("state", consent.state),
                        ],
                        to: consent.redirectURI)))
        }
        var page = try await consentPage(consent, client: client, consentCode: form.consentCode ?? "")
        page.chosen = OAuthScope.parse(form.scope ?? [])
        func again(_ error: String, status: Int) -> Operations.SubmitConsentDecision.Output {
            let (statusCode, payload) = SignInPages.undocumented(page.html(error: error), status: status)
            return .undocumented(statusCode: statusCode, payload)
        }
        switch try await checkOwnerPassword(form.password, for: .consent(hash: handleHash)) {
        case .accepted: break
        case .wrong(let triesLeft): return again(Self.wrongPasswordMessage(triesLeft: triesLeft), status: 401)
        case .burned:
            return .found(
                SignInPages.redirect(
                    to: RedirectURI.adding(
                        [
                            ("error", "access_denied"),
                            ("error_description", "Too many wrong owner passwords; start again."),
                            ("state", consent.state),
                        ], to: consent.redirectURI)))
        case .throttled(let retryAfter):
            let (statusCode, payload) = Self.throttledPage(header: pageHeader, retryAfter: retryAfter)
            return .undocumented(statusCode: statusCode, payload)
        }
        let approved = OAuthScope.approved(asked: consent.scopes, chosen: form.scope ?? [])
        guard approved.contains(where: { !OAuthScope.oidc.contains($0) }) else {
            return again("Choose at least one thing to allow, or deny.", status: 400)
        }
        let code = Identifiers.secret()
        let expiresAt = clock.now.addingTimeInterval(signIn.authorizationCodeLifetime.inSeconds)
        try await write { db in
            try db.run("DELETE FROM oauth_consents WHERE hash = ?", handleHash)
            try db.run(
                """
                INSERT INTO oauth_codes (hash, client_id, redirect_uri, scope, code_challenge, expires_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, SHA256.hex(code), client.id, consent.redirectURI, approved.joined(separator: " "),
                consent.codeChallenge,
                expiresAt.stored)
        }
        return .found(
            SignInPages.redirect(
                to: RedirectURI.adding(
                    [("code", code), ("state", consent.state), ("iss", BrowserRequest.current.origin + "/auth")],
                    to: consent.redirectURI)))
    }

    /// A pending authorization request waiting for the owner's decision.
    struct PendingConsent {
        var clientID: String
        var redirectURI: String
        var scopes: [String]
        var state: String
        var codeChallenge: String
    }

    /// What a consent handle names: a live pending request with its client, or why there is none.
    enum ConsentLookup {
        case pending(PendingConsent, OAuthClient)
        /// The request's time ran out before the owner answered.
        case expired
        /// No such request: already answered, closed by wrong passwords, or never made (a handle
        /// typed or changed by hand).
        case unknown

        /// The page explaining why the request can't go on: `400`, nothing granted.
        func refusalPage(header: SignInPages.Header) -> (statusCode: Int, payload: UndocumentedPayload) {
            let text =
                switch self {
                case .expired:
                    "This sign-in request expired before it was answered, so nothing was allowed. Start again from the app."
                default:
                    "This sign-in request was already answered or closed, or its link is incomplete, so nothing more was allowed. "
                        + "If you still want to sign in, start again from the app."
                }
            let title =
                if case .expired = self { "This sign-in request expired" } else { "This sign-in request can't be used" }
            return SignInPages.undocumented(SignInPages.message(header: header, title, text), status: 400)
        }
    }

    /// The pending request `handle` names, with its client.
    func pendingConsent(_ handle: String?) async throws -> ConsentLookup {
        let now = clock.now
        return try await read { db -> ConsentLookup in
            guard let handle, let row = try db.first("SELECT * FROM oauth_consents WHERE hash = ?", SHA256.hex(handle)),
                let client = try OAuthClient.find(id: row.string("client_id") ?? "", in: db)
            else { return .unknown }
            guard (row.double("expires_at") ?? 0) > now.stored else { return .expired }
            let consent = PendingConsent(
                clientID: client.id, redirectURI: row.string("redirect_uri") ?? "",
                scopes: OAuthScope.parse(row.string("scope")),
                state: row.string("state") ?? "", codeChallenge: row.string("code_challenge") ?? "")
            return .pending(consent, client)
        }
    }

    /// The consent form for `consent`, its scopes worded with the catalog's labels.
    func consentPage(_ consent: PendingConsent, client: OAuthClient, consentCode: String) async throws -> ConsentPage {
        ConsentPage(
            header: pageHeader, clientName: client.displayName, scopes: consent.scopes,
            wording: try await scopeWording(),
            request: .app(consentCode: consentCode, redirectURI: consent.redirectURI))
    }

    /// Scope sentences with the labels of the types registered now.
    func scopeWording() async throws -> ScopeWording {
        let registry = try await read { try TypeRegistry.load($0) }
        return ScopeWording(
            labels: registry.entries.mapValues { $0.definition.label ?? TypeRegistry.label(for: $0.definition.id) })
    }
}

/// The grant type names of the token endpoint.
enum OAuthGrantType {
    static let deviceCode = "urn:ietf:params:oauth:grant-type:device_code"
}

/// Proof Key for Code Exchange (RFC 7636), S256 only.
enum PKCE {
    /// Whether `value` is 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`, as verifiers and S256
    /// challenges are.
    static func isWellFormed(_ value: String) -> Bool {
        (43...128).contains(value.utf8.count)
            && value.unicodeScalars.allSatisfy { FormText.unreserved.contains($0) }
    }

    /// The S256 challenge of `verifier`: base64url of its SHA-256, without padding.
    static func challenge(of verifier: String) -> String {
        Data(SHA256.digest(Array(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension OAuthScope {
    /// The scopes granted when the owner ticked `chosen` of `asked`: the ticked ones that were asked,
    /// plus the OIDC scopes (such as `offline_access`) that were asked.
    static func approved(asked: [String], chosen: [String]) -> [String] {
        let ticked = Set(parse(chosen))
        return asked.filter { oidc.contains($0) || ticked.contains($0) }
    }
}
